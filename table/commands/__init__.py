"""The `uno-table` command line: one module per subcommand."""

"""The table's flow: the session, the controller, the journal and the main loop."""

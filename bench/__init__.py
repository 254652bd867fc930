"""The project's benchmarks: `python -m bench` measures every target and rewrites BENCHMARKS.md."""

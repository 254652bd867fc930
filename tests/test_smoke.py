import engine


def test_engine_imports():
    assert engine.__doc__

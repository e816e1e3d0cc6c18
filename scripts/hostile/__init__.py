"""The hostile-input corpus, by category (scripts/gen-hostile-corpus.py runs it): texts builds the
documents, caselist collects the cases, one module a category adds them in manifest order, writing
writes the files and Tests/Hostile/EXPECTED.
"""

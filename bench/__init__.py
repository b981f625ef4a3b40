"""Benchmarks: ``make bench`` (``python -m bench``) writes docs/performance.md.

Every figure stands beside a floor measured in the same run on the same machine, and targets
are ratios or absolute limits stated next to the figure.  Timed tests are not used: a shared CI
machine makes them flaky; these numbers are for people to read and compare.
"""

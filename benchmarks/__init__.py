"""Timed playouts and samplers; run with ``make bench`` (``python -m benchmarks``)."""

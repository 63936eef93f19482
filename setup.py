"""Package layout: the folder widgets/ is installed as the import package cardgames_widgets.

Everything else lives in pyproject.toml; setuptools cannot rename a folder from there
while also discovering the game sub-packages, so the two package lists are built here.
"""
from setuptools import find_packages, setup

widget_packages = ["cardgames_widgets"] + [f"cardgames_widgets.{p}" for p in find_packages("widgets")]

setup(
    packages=find_packages(include=["cardgames", "cardgames.*"]) + widget_packages,
    package_dir={"cardgames_widgets": "widgets"},
)

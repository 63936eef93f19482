"""Voila's configuration for the cardgames notebooks: every notebook works offline, links included.

`make install` (and Binder's postBuild) link this file into the environment's ``etc/jupyter``
folder, where Voila reads it both as a program (`voila notebooks/`) and inside Jupyter
(`/voila/render/notebooks/...`, as on Binder). It

* lets the notebooks' links to the rules documents and the docs open: Voila serves only pictures
  by default and answered them with 403.  The notebooks link to the rendered copies
  (``rules.html``, ``rules.de.html``, ``docs/*.html``: scripts/rules_html.py writes them beside
  the Markdown, with an anchor at every clause), which open as pages; a Markdown file that a
  page still links to is shown as UTF-8 text (without the charset the browser reads "Schläger"
  as "SchlÃ¤ger");
* loads only the JupyterLab extensions a notebook page needs (the widgets): the others installed
  beside JupyterLab (jupytext, Notebook 7, the Voila preview) fail to load into Voila's page and
  log errors to the browser's console;
* renders with the ``cardgames`` template (share/jupyter/voila/templates/cardgames): Voila's lab
  template without the two requests it sends to a CDN for Font Awesome, so that no request
  leaves the machine.
"""

import mimetypes

c = get_config()  # noqa: F821 (traitlets gives a configuration file get_config)

mimetypes.add_type("text/plain; charset=utf-8", ".md")
c.VoilaConfiguration.file_allowlist = [r".*\.(png|jpg|gif|svg|html|md)"]
c.VoilaConfiguration.template = "cardgames"
c.VoilaConfiguration.extension_denylist = [
    "jupyterlab-jupytext",
    "@jupyter-notebook/lab-extension",
    "@voila-dashboards/jupyterlab-preview",
]

"""`pnp preview`: a local web page that shows a kit's sheets, cards and diagnostics and rebuilds on every save.

`build` runs the pipeline and keeps each sheet's PNG in memory, `watch` rebuilds when an input changes, `server`
answers the browser, `session` ties them together for the command line.
"""

"""``vecverify report``: one static HTML page with plots from the JSON the other commands
write (read.py: what each file is; plots.py: the figures; page.py: the page)."""

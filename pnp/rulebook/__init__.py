"""What a rulebook is written in: its Markdown source and the build steps of build.yaml."""

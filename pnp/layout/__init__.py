"""Layout: printable pieces placed on sheets in mm (imposition, bleed, crop marks, duplex, tiling).

Pure functions from pieces and sheet settings to a plan and then to a `Document`; no drawing backend here.
"""

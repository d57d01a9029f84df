"""Reports for people: text for the terminal and self-contained HTML pages."""

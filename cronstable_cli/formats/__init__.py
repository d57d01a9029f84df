"""Reports for programs: JSON documents, SARIF, GitHub annotations, Markdown, iCalendar."""

"""One way to write a date and a time in each language, on every page: a day as DATE_FORMAT, a
moment as DATETIME_FORMAT (SHORT_DATETIME_FORMAT the same), its time alone as TIME_FORMAT, which
the phone's own stamps (register.js: "As of 21:15, offline") write the same way. Only what
differs from Django's own formats of the language is set here."""

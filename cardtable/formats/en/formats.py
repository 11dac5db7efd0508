# "Dec. 5, 2026, 09:15 PM": the time as a phone's clock writes it (Django's "p.m." is not).
DATE_FORMAT = "N j, Y"
TIME_FORMAT = "h:i A"
DATETIME_FORMAT = "N j, Y, h:i A"
SHORT_DATETIME_FORMAT = DATETIME_FORMAT

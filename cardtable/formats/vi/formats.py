# "21:15 05/12/2026": the time first, then the day, as phones in Vietnam write it (Django's own
# long form puts "Ngày … tháng … năm …" after the time).
DATE_FORMAT = "d/m/Y"
TIME_FORMAT = "H:i"
DATETIME_FORMAT = "H:i d/m/Y"
SHORT_DATETIME_FORMAT = DATETIME_FORMAT

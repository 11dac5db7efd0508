"""The countries of the SEPA area (the European Payments Council's list of the SEPA schemes'
geographical scope, with the members admitted in 2025): an EPC code pays by a SEPA credit
transfer, so only an IBAN of one of them can be paid by scanning it. Pure data."""

SEPA_COUNTRIES = {
    # The European Union
    "AT": "Austria", "BE": "Belgium", "BG": "Bulgaria", "HR": "Croatia", "CY": "Cyprus",
    "CZ": "Czechia", "DK": "Denmark", "EE": "Estonia", "FI": "Finland", "FR": "France",
    "DE": "Germany", "GR": "Greece", "HU": "Hungary", "IE": "Ireland", "IT": "Italy",
    "LV": "Latvia", "LT": "Lithuania", "LU": "Luxembourg", "MT": "Malta", "NL": "Netherlands",
    "PL": "Poland", "PT": "Portugal", "RO": "Romania", "SK": "Slovakia", "SI": "Slovenia",
    "ES": "Spain", "SE": "Sweden",
    # Overseas parts of France with IBANs of their own
    "GF": "French Guiana", "GP": "Guadeloupe", "MQ": "Martinique", "RE": "Réunion",
    "YT": "Mayotte", "BL": "Saint Barthélemy", "MF": "Saint Martin",
    "PM": "Saint Pierre and Miquelon",
    # The European Economic Area and the other members of the schemes
    "IS": "Iceland", "LI": "Liechtenstein", "NO": "Norway", "CH": "Switzerland",
    "GB": "United Kingdom", "GI": "Gibraltar", "MC": "Monaco", "SM": "San Marino",
    "VA": "Vatican City", "AD": "Andorra", "AL": "Albania", "MD": "Moldova",
    "ME": "Montenegro", "MK": "North Macedonia",
}  # fmt: skip

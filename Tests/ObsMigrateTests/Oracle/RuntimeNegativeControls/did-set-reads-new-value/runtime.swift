let prefs = Prefs()
prefs.scale = 3

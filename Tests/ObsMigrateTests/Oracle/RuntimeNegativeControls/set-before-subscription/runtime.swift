let prefs = Prefs(stored: 2)
prefs.scale = 3
print("saves \(prefs.saves)")

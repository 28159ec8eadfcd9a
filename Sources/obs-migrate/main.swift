import ObsMigrateCore

print("obs-migrate")

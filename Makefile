# Install obs-migrate as the Swift linters install: `make install PREFIX=/usr/local`.
#   PREFIX      where bin/obs-migrate goes (default /usr/local)
#   BUILD_PATH  SwiftPM's scratch folder for the release build (default .build)
PREFIX ?= /usr/local
BUILD_PATH ?= .build

.PHONY: build install uninstall

build:
	swift build -c release --product obs-migrate --scratch-path "$(BUILD_PATH)"

install: build
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -s -m 755 "$$(swift build -c release --scratch-path "$(BUILD_PATH)" --show-bin-path)/obs-migrate" "$(DESTDIR)$(PREFIX)/bin/obs-migrate"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/obs-migrate"

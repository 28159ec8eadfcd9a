import SwiftUI

struct Badge: View {
    // obs-migrate:disable-next-line OBS104
    let count: Int
    var body: some View { Text("\(count)") }
}

// obs-migrate:enable OBS102

// obs-migrate:disable OBS302 -- kept while the generated code below settles
// obs-migrate:disable-next-line OBS102
let version = 1
// obs-migrate:enable OBS302

// obs-migrate:disable-next-line OBS102 OBS104
struct Plain {}

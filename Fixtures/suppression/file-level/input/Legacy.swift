// obs-migrate:disable OBS201
import Foundation

final class Pinger: ObservableObject {
    func ping() { objectWillChange.send() }
}

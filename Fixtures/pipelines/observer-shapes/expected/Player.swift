import Foundation
import Observation

/// Other shapes that become observers: self.$x, sink(receiveValue:), [unowned self], a didSet
/// already there (the observer goes before it, where Published delivered), compactMap and
/// filter, a parameter named as the property, `guard let self else { return }`, two-space
/// indentation.
@Observable final class Player {
  var volume: Double = 0.5 {
    willSet {
      let level = newValue
      self.log.append("volume \(level) (was \(self.volume))")
    }
    didSet { print("didSet volume \(volume)") }
  }
  var track: String? = nil {
    willSet {
      if let title = newValue {
        if !title.isEmpty {
          self.log.append("track \(title)")
          self.announce(title)
        }
      }
    }
  }
  var muted = false {
    willSet {
      let muted = newValue
      print("muted \(muted)")
    }
  }
  var rate: Double = 1 {
    willSet {
      let rate = newValue
      self.log.append("rate \(rate), was \(self.rate)")
    }
  }
  var log: [String] = []

  init() {
    muted = true
  }

  func announce(_ title: String) {
    print("now playing \(title), track still \(track ?? "none"), volume \(volume)")
  }

  func toggleMute() {
    muted.toggle()
  }

  deinit {
    print("Player deinit: \(log)")
  }
}

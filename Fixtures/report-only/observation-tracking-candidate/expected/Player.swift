import Combine
import UIKit
import Observation

@Observable final class Player {
    var title: String = "" {
        willSet {
            titleSubject.send(newValue)
        }
    }
    @ObservationIgnored private lazy var titleSubject = CurrentValueSubject<String, Never>(title)
    var titlePublisher: AnyPublisher<String, Never> { titleSubject.eraseToAnyPublisher() }
    var isPlaying = false {
        willSet {
            isPlayingSubject.send(newValue)
        }
    }
    @ObservationIgnored private lazy var isPlayingSubject = CurrentValueSubject<Bool, Never>(isPlaying)
    var isPlayingPublisher: AnyPublisher<Bool, Never> { isPlayingSubject.eraseToAnyPublisher() }
    var progress: Double = 0 {
        willSet {
            progressSubject.send(newValue)
        }
    }
    @ObservationIgnored private lazy var progressSubject = CurrentValueSubject<Double, Never>(progress)
    var progressPublisher: AnyPublisher<Double, Never> { progressSubject.eraseToAnyPublisher() }
}

/// Subscriptions that only set the controller's own views: reported (OBS212, info).
final class PlayerViewController: UIViewController {
    let player = Player()
    let titleLabel = UILabel()
    let playButton = UIButton()
    private var bag = Set<AnyCancellable>()

    override func viewDidLoad() {
        super.viewDidLoad()
        player.titlePublisher
            .receive(on: DispatchQueue.main)
            .sink { [weak self] title in
                self?.titleLabel.text = title
            }
            .store(in: &bag)
        player.isPlayingPublisher.map { !$0 }.assign(to: \.isEnabled, on: playButton).store(in: &bag)
        // Not reported: it does other work than setting views.
        player.progressPublisher.sink { [weak self] value in self?.save(value) }.store(in: &bag)
    }

    func save(_ value: Double) {}
}

/// Not a view or a controller: not reported.
final class PlayerLogger {
    let player = Player()
    let label = UILabel()
    private var bag = Set<AnyCancellable>()

    init() {
        player.titlePublisher.sink { [weak self] in self?.label.text = $0 }.store(in: &bag)
    }
}

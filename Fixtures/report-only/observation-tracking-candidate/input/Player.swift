import Combine
import UIKit

final class Player: ObservableObject {
    @Published var title: String = ""
    @Published var isPlaying = false
    @Published var progress: Double = 0
}

/// Subscriptions that only set the controller's own views: reported (OBS212, info).
final class PlayerViewController: UIViewController {
    let player = Player()
    let titleLabel = UILabel()
    let playButton = UIButton()
    private var bag = Set<AnyCancellable>()

    override func viewDidLoad() {
        super.viewDidLoad()
        player.$title
            .receive(on: DispatchQueue.main)
            .sink { [weak self] title in
                self?.titleLabel.text = title
            }
            .store(in: &bag)
        player.$isPlaying.map { !$0 }.assign(to: \.isEnabled, on: playButton).store(in: &bag)
        // Not reported: it does other work than setting views.
        player.$progress.sink { [weak self] value in self?.save(value) }.store(in: &bag)
    }

    func save(_ value: Double) {}
}

/// Not a view or a controller: not reported.
final class PlayerLogger {
    let player = Player()
    let label = UILabel()
    private var bag = Set<AnyCancellable>()

    init() {
        player.$title.sink { [weak self] in self?.label.text = $0 }.store(in: &bag)
    }
}

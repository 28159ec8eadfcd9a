import Combine

/// Subscribed from outside the class, on a scheduler.
final class ResultsLogger {
    private var bag = Set<AnyCancellable>()
    private weak var model: SearchModel?
    private(set) var lines: [String] = []

    init(model: SearchModel) {
        self.model = model
        model.$results
            .receive(on: ImmediateScheduler.shared)
            .sink { [weak self] results in
                self?.lines.append("results \(results) while \(self?.model?.results ?? [])")
            }
            .store(in: &bag)
        model.$isLoading.sink { [weak self] in self?.lines.append("loading \($0)") }.store(in: &bag)
    }
}

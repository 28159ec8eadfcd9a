import Combine
import Foundation

final class TitleProjection {
    private var cancellables = Set<AnyCancellable>()
    private(set) var title = ""
    private(set) var columns = 0
    private(set) var accent = ""

    init(store: ReaderStore, theme: ThemeStore) {
        store.documentPublisher
            .map(\.title)
            .sink { [weak self] title in self?.title = title }
            .store(in: &cancellables)
        store.layoutPublisher
            .sink { [weak self] layout in self?.columns = layout.columns }
            .store(in: &cancellables)
        theme.$palette
            .sink { [weak self] palette in self?.accent = palette?.accent ?? "" }
            .store(in: &cancellables)
    }
}

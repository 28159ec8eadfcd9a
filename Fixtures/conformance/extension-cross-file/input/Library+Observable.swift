import Combine

// MARK: - ObservableObject

extension Library: ObservableObject {}

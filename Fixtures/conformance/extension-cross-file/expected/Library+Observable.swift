import Combine

// MARK: - ObservableObject

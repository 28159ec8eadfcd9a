import Combine

protocol Store: ObservableObject {}

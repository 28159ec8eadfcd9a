import Combine

/// The app's model. Host and wrap below name their generic parameters `Model` too: there,
/// `Model` is the parameter, whose types are held where they are passed.
final class Model: ObservableObject {
    @Published var count = 0
}

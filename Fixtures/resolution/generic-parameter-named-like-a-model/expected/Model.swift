import Combine
import Observation

/// The app's model. Host and wrap below name their generic parameters `Model` too: there,
/// `Model` is the parameter, whose types are held where they are passed.
@Observable final class Model {
    var count = 0
}

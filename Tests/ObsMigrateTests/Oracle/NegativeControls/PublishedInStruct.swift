// expect-error: @Published is only available on properties of classes
// @Published (like Apple's) only works inside classes.
import Combine

struct Draft {
    @Published var text = ""
}

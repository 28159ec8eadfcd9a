import SwiftUI

// One class, whose conformance is compiled only where Combine is.
final class Uploader {
    @Published var progress = 0.0
}

#if canImport(Combine)
extension Uploader: ObservableObject {}

struct UploadProgress: View {
    @StateObject private var uploader = Uploader()

    var body: some View {
        Text("\(uploader.progress)")
    }
}
#endif

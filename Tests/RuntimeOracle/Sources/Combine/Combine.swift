// `import Combine` in a fixture's code means OpenCombine here: Published, AnyCancellable and the
// operators behave as Combine's (Published delivers in willSet, the current value on subscribe).
@_exported import OpenCombine

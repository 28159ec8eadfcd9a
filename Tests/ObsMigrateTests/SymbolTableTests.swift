import XCTest
@testable import ObsMigrateCore

/// The symbol table on its own: what a written name resolves to from a place, with nesting,
/// typealiases, superclasses' nested types and modules that declare the same name.
final class SymbolTableTests: XCTestCase {
    func table(_ sources: [(String, String)]) -> SymbolTable {
        ProjectIndex(files: sources.map { ProjectFile(path: $0.0, bytes: Array($0.1.utf8)) }).symbols
    }

    func testSimpleNestedAndQualifiedNames() {
        let symbols = table([("A.swift", """
            struct Outer {
                struct Inner {}
                class Model {}
            }
            struct Model {}
            enum Other { struct Inner {} }
            """)])
        XCTAssertEqual(symbols.resolveTypeName("Inner", from: ["Outer"]), "Outer.Inner", "the nearest scope first")
        XCTAssertEqual(symbols.resolveTypeName("Inner", from: ["Other"]), "Other.Inner")
        XCTAssertNil(symbols.resolveTypeName("Inner", from: []), "two types named Inner: not told from outside both")
        XCTAssertEqual(symbols.resolveTypeName("Model", from: []), "Model")
        XCTAssertEqual(symbols.resolveTypeName("Model", from: ["Outer"]), "Outer.Model")
        XCTAssertEqual(symbols.resolveTypeName("Outer.Inner?", from: []), "Outer.Inner", "decorations stripped")
        XCTAssertEqual(symbols.resolveTypeName("some Outer.Model", from: []), "Outer.Model")
        XCTAssertNil(symbols.resolveTypeName("Missing", from: ["Outer"]))
        XCTAssertEqual(symbols.bySimpleName["Inner"]?.count, 2)
    }

    func testTypealiasesResolveInTheScopeTheyAreWrittenIn() {
        let symbols = table([("A.swift", """
            enum Feature {
                final class ViewModel {}
                typealias VM = ViewModel
            }
            typealias Store = Feature.VM
            """)])
        XCTAssertEqual(symbols.resolveTypeName("Store", from: []), "Feature.ViewModel")
        XCTAssertEqual(symbols.resolveTypeName("VM", from: ["Feature"]), "Feature.ViewModel")
        XCTAssertEqual(symbols.resolveTypeName("Feature.VM", from: []), "Feature.ViewModel")
    }

    /// A composition naming ObservableObject resolves to no declared type, so the index keeps
    /// such typealiases itself: by scope, shadowed by a nearer type, and through each other.
    func testTypealiasesComposingObservableObject() {
        let index = ProjectIndex(files: [ProjectFile(path: "A.swift", bytes: Array("""
            typealias ModelDefinition = ObservableObject & Identifiable
            typealias Screen = ScreenModel & Hashable
            protocol ScreenModel: ModelDefinition {}
            enum Feature {
                typealias ViewModel = Combine.ObservableObject
                struct ModelDefinition {}
            }
            typealias Plain = Identifiable & Hashable
            class Base {}
            typealias Rooted = Base & ObservableObject
            """.utf8))])
        XCTAssertEqual(index.refiningProtocolName("ModelDefinition", from: []), "ModelDefinition")
        XCTAssertNil(index.refiningProtocolName("ModelDefinition", from: ["Feature"]), "a nearer type of that name")
        XCTAssertEqual(index.refiningProtocolName("ViewModel", from: ["Feature"]), "Feature.ViewModel")
        XCTAssertEqual(index.refiningProtocolName("Feature.ViewModel", from: []), "Feature.ViewModel")
        XCTAssertEqual(index.refiningProtocolName("ScreenModel", from: []), "ScreenModel", "a protocol refining it through one")
        XCTAssertEqual(index.refiningProtocolName("Screen", from: []), "Screen", "a composition of such a protocol")
        XCTAssertNil(index.observableTypealiases["Screen"]?.observableObjectMember, "it names no ObservableObject to edit")
        XCTAssertEqual(index.observableTypealiases["ModelDefinition"]?.observableObjectMember, 0)
        XCTAssertNil(index.refiningProtocolName("Plain", from: []))
        XCTAssertNil(index.refiningProtocolName("Rooted", from: []), "a composition with a class is left alone")
    }

    func testASuperclassNestedTypeIsFoundThroughTheSubclass() {
        let symbols = table([("A.swift", """
            class Screen { final class Context {} }
            final class Settings: Screen {}
            """)])
        XCTAssertEqual(symbols.resolveTypeName("Settings.Context", from: []), "Screen.Context")
    }

    func testExtensionsEnclosingTypesAndTopLevelNames() {
        let symbols = table([("A.swift", """
            enum Outer { final class Model { var x = 0 } }
            extension Outer.Model { func f() {} }
            func makeModel() -> Outer.Model { Outer.Model() }
            let shared = Outer.Model()
            """)])
        XCTAssertEqual(symbols.extensionsOf["Outer.Model"]?.count, 1)
        let ext = symbols.extensionsOf["Outer.Model"]![0]
        XCTAssertEqual(symbols.typeName(of: ext), "Outer.Model")
        let model = symbols.declared["Outer.Model"]!.first
        let inside = symbols.type(model).bodyOpen + 1
        XCTAssertEqual(symbols.enclosingTypes(of: inside, in: 0).map { symbols.type($0).name }, ["Model", "Outer"])
        XCTAssertEqual(symbols.topLevelFunctionsByName["makeModel"]?.count, 1)
        // `x` in the class, `f` in the extension: each member's declaring types, each once.
        XCTAssertEqual(symbols.typesWithMember("x").map { symbols.type($0).name }, ["Model"])
        XCTAssertEqual(symbols.typesWithMember("f").map { symbols.type($0).kind }, [.extension])
        XCTAssertEqual(symbols.typesWithMember("makeModel"), [])
        XCTAssertEqual(symbols.topLevelPropertiesByName["shared"]?.count, 1)
        XCTAssertEqual(symbols.classNames, ["Outer.Model"])
    }

    /// Inside a generic type, a parameter named like a project type is the parameter.
    func testGenericParametersShadowTypesOfTheSameName() {
        let symbols = table([("A.swift", """
            final class Model {}
            struct Host<Model: AnyObject, Content> { struct Inner {} }
            """)])
        XCTAssertNil(symbols.resolveTypeName("Model", from: ["Host"]))
        XCTAssertNil(symbols.resolveTypeName("Model", from: ["Host", "Inner"]))
        XCTAssertEqual(symbols.resolveTypeName("Model", from: []), "Model")
        XCTAssertEqual(symbols.genericParameters["Host"], ["Model", "Content"])
        XCTAssertEqual(SymbolTable.genericParameterNames("<each T, U: P & Q, V: Box<Int>>"), ["T", "U", "V"])
    }

    /// Two packages each declare `Store`: a file sees the one of the module it imports.
    func testSameNameInTwoModulesResolvesByImport() {
        let symbols = table([
            ("A/Package.swift", "let package = Package(name: \"PackageA\")\n"),
            ("A/Sources/Alpha/Store.swift", "public final class Store {}\n"),
            ("B/Package.swift", "let package = Package(name: \"PackageB\")\n"),
            ("B/Sources/Beta/Store.swift", "public final class Store {}\n"),
            ("App/V.swift", "import Beta\nstruct V { let s: Store }\n"),
        ])
        XCTAssertEqual(Set(symbols.declared.keys.filter { $0.hasSuffix("Store") }), ["PackageA.Store", "PackageB.Store"])
        XCTAssertEqual(symbols.moduleByImportName["Beta"], "PackageB")
        XCTAssertEqual(symbols.resolveTypeName("Store", from: [], in: 4), "PackageB.Store")
        XCTAssertNil(symbols.resolveTypeName("Store", from: []), "without a file, two candidates are not told apart")
    }
}

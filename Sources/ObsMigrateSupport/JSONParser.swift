/// A strict JSON (RFC 8259) parser for the configuration file. Foundation's JSONSerialization
/// would do, but on Linux it accepts trailing commas, cannot tell `true` from `1`, keeps the
/// last of two equal keys silently and reports errors as "around character N": a person
/// editing `.obs-migrate.json` gets line and column here instead.
public struct JSONSyntaxError: Error, Equatable, Sendable {
    public var line: Int
    public var column: Int
    public var message: String

    public var description: String { "line \(line), column \(column): \(message)" }
}

public struct JSONParser {
    let bytes: [UInt8]
    var i = 0
    var depth = 0

    public static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.i = 3 }  // a UTF-8 byte order mark
        try parser.skipSpace()
        let value = try parser.value()
        try parser.skipSpace()
        if parser.i < parser.bytes.count { throw parser.error("unexpected text after the end of the JSON value") }
        return value
    }

    init(bytes: [UInt8]) { self.bytes = bytes }

    func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        let at = min(offset ?? i, bytes.count)
        var line = 1, lineStart = 0
        for k in 0..<at where bytes[k] == 0x0A {
            line += 1
            lineStart = k + 1
        }
        let column = String(decoding: bytes[lineStart..<at], as: UTF8.self).count + 1
        return JSONSyntaxError(line: line, column: column, message: message)
    }

    var current: String {
        guard i < bytes.count else { return "the end of the file" }
        let b = bytes[i]
        if b >= 0x20 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        let hex = String(b, radix: 16, uppercase: true)
        return "byte 0x" + (hex.count == 1 ? "0" : "") + hex
    }

    mutating func skipSpace() throws {
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        if bytes.count - i >= 2, bytes[i] == UInt8(ascii: "/"), bytes[i + 1] == UInt8(ascii: "/") || bytes[i + 1] == UInt8(ascii: "*") {
            throw error("comments are not allowed in JSON")
        }
    }

    mutating func value() throws -> JSONValue {
        guard i < bytes.count else { throw error("expected a value, found the end of the file") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default:
            throw error("expected a value, found \(current)")
        }
    }

    mutating func literal(_ word: String) throws {
        let w = Array(word.utf8)
        guard bytes.count - i >= w.count, Array(bytes[i..<(i + w.count)]) == w else {
            throw error("expected a value, found \(current)")
        }
        i += w.count
    }

    mutating func nest() throws {
        depth += 1
        if depth > 200 { throw error("nested too deeply") }
    }

    mutating func object() throws -> JSONValue {
        try nest()
        i += 1
        var pairs: [(key: String, value: JSONValue)] = []
        try skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; depth -= 1; return .object([]) }
        while true {
            try skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else {
                throw error(i < bytes.count && bytes[i] == UInt8(ascii: "}") ? "trailing comma before '}'" : "expected a key in double quotes, found \(current)")
            }
            let keyOffset = i
            let key = try string()
            if pairs.contains(where: { $0.key == key }) { throw error("duplicate key '\(key)'", at: keyOffset) }
            try skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error("expected ':' after the key '\(key)', found \(current)") }
            i += 1
            try skipSpace()
            pairs.append((key, try value()))
            try skipSpace()
            guard i < bytes.count else { throw error("expected ',' or '}', found the end of the file") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; depth -= 1; return .object(pairs) }
            throw error("expected ',' or '}', found \(current)")
        }
    }

    mutating func array() throws -> JSONValue {
        try nest()
        i += 1
        var items: [JSONValue] = []
        try skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; depth -= 1; return .array([]) }
        while true {
            try skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") { throw error("trailing comma before ']'") }
            items.append(try value())
            try skipSpace()
            guard i < bytes.count else { throw error("expected ',' or ']', found the end of the file") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; depth -= 1; return .array(items) }
            throw error("expected ',' or ']', found \(current)")
        }
    }

    mutating func string() throws -> String {
        let start = i
        i += 1
        var out: [UInt8] = []
        var scalars = ""
        func flush() {
            scalars += String(decoding: out, as: UTF8.self)
            out.removeAll()
        }
        while true {
            guard i < bytes.count else { throw error("unterminated string", at: start) }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { i += 1; break }
            if b < 0x20 { throw error("control character in a string (write it as an escape such as \\n)") }
            if b != UInt8(ascii: "\\") { out.append(b); i += 1; continue }
            i += 1
            guard i < bytes.count else { throw error("unterminated string", at: start) }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""): out.append(e)
            case UInt8(ascii: "\\"): out.append(e)
            case UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800..<0xDC00).contains(code) {
                    guard bytes.count - i >= 6, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                        throw error("unpaired surrogate in a \\u escape")
                    }
                    i += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in a \\u escape") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00..<0xE000).contains(code) {
                    throw error("unpaired surrogate in a \\u escape")
                }
                flush()
                scalars.unicodeScalars.append(Unicode.Scalar(code)!)
            default:
                throw error("invalid escape '\\\(Character(Unicode.Scalar(e)))' in a string", at: i - 2)
            }
        }
        flush()
        return scalars
    }

    mutating func hex4() throws -> UInt32 {
        guard bytes.count - i >= 4, let v = UInt32(String(decoding: bytes[i..<(i + 4)], as: UTF8.self), radix: 16) else {
            throw error("a \\u escape needs four hexadecimal digits")
        }
        i += 4
        return v
    }

    mutating func number() throws -> JSONValue {
        let start = i
        func digits() -> Int {
            let s = i
            while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
            return i - s
        }
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        let intStart = i
        let intDigits = digits()
        guard intDigits > 0 else { throw error("invalid number") }
        if intDigits > 1, bytes[intStart] == UInt8(ascii: "0") { throw error("numbers may not have leading zeros", at: intStart) }
        var isInteger = true
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            isInteger = false
            guard digits() > 0 else { throw error("invalid number: expected digits after '.'") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            isInteger = false
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { throw error("invalid number: expected digits in the exponent") }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        if isInteger, let v = Int(text) { return .int(v) }
        guard let d = Double(text) else { throw error("invalid number", at: start) }
        return .number(d)
    }
}

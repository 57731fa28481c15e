/// Reads one JSON value as a `T`, reporting what is wrong with it to the decoder; nil when it cannot.
struct ValueReader<T> {
    /// Builds `expected`, only when a message needs it: valid files never pay for the text.
    private let describe: () -> String
    var read: (DocumentNode, inout ScenarioDecoder) -> T?

    init(expected: @autoclosure @escaping () -> String, read: @escaping (DocumentNode, inout ScenarioDecoder) -> T?) {
        describe = expected
        self.read = read
    }

    /// What a valid value looks like, for messages: `a duration such as "250ms" or "1.5h"`.
    var expected: String { describe() }
}

extension ValueReader {
    /// A reader that takes the value's string, number or literal text apart with `convert`, reporting
    /// "expected …, found …" for any other value or when `convert` returns nil.
    static func scalar(_ expected: @autoclosure @escaping () -> String, _ convert: @escaping (JSONValue) -> T?) -> ValueReader {
        ValueReader(expected: expected()) { node, decoder in
            guard let value = convert(node.value) else {
                decoder.mismatch(node, expected: expected())
                return nil
            }
            return value
        }
    }

    /// This reader with a further condition on its result, reported as "expected `what`, found …".
    func checked(_ what: @autoclosure @escaping () -> String, _ isValid: @escaping (T) -> Bool) -> ValueReader {
        let base = read
        return ValueReader(expected: describe()) { node, decoder in
            guard let value = base(node, &decoder) else { return nil }
            guard isValid(value) else {
                decoder.mismatch(node, expected: what())
                return nil
            }
            return value
        }
    }

    /// This reader with its result turned into another type (nil from `transform` reads as nothing, silently).
    func map<U>(_ transform: @escaping (T) -> U?) -> ValueReader<U> {
        let base = read
        return ValueReader<U>(expected: describe()) { node, decoder in base(node, &decoder).flatMap(transform) }
    }
}

extension ValueReader where T == Bool {
    static var bool: ValueReader {
        .scalar("true or false") { value in
            if case let .bool(flag) = value { return flag }
            return nil
        }
    }
}

extension ValueReader where T == String {
    /// Any string of at most `maxLength` characters.
    static func string(maxLength: Int = ScenarioBounds.stringLength) -> ValueReader {
        text("a string", lengths: 0...maxLength)
    }

    /// A string whose length is in `lengths`, described as `what`.
    static func text(_ what: String, lengths: ClosedRange<Int>) -> ValueReader {
        func expected() -> String {
            lengths.lowerBound == 0
                ? "\(what) of at most \(lengths.upperBound) characters"
                : "\(what) of \(lengths.lowerBound) to \(lengths.upperBound) characters"
        }
        return ValueReader(expected: expected()) { node, decoder in
            guard case let .string(text) = node.value else {
                decoder.mismatch(node, expected: what)
                return nil
            }
            guard lengths.contains(text.count) else {
                decoder.report("expected \(expected()), found one of \(text.count)", at: node.path)
                return nil
            }
            return text
        }
    }

    /// An identifier of 1 to `maxLength` letters, digits, `.`, `_` or `-`; `fileName` also rules out a leading `.`.
    static func identifier(_ what: String, maxLength: Int, fileName: Bool = false) -> ValueReader {
        .scalar("\(what) of 1 to \(maxLength) letters, digits, '.', '_' or '-'" + (fileName ? ", not starting with '.'" : "")) { value in
            guard case let .string(text) = value, ScenarioBounds.isIdentifier(text, maxLength: maxLength, fileName: fileName)
            else { return nil }
            return text
        }
    }

    /// One of `names`, suggesting the closest when the value is a near miss.
    static func oneOf(_ names: [String]) -> ValueReader {
        func expected() -> String { "one of \(Suggestion.list(names))" }
        return ValueReader(expected: expected()) { node, decoder in
            guard case let .string(text) = node.value, names.contains(text) else {
                let hint = node.value.stringValue.map { Suggestion.hint(for: $0, among: names) } ?? ""
                decoder.mismatch(node, expected: expected(), hint: hint)
                return nil
            }
            return text
        }
    }
}

extension ValueReader where T: RawRepresentable & CaseIterable, T.RawValue == String {
    /// One of the enum's raw values.
    static var oneOf: ValueReader {
        ValueReader<String>.oneOf(T.allCases.map(\.rawValue)).map(T.init(rawValue:))
    }
}

extension ValueReader where T == Int {
    /// An integer (no fraction or exponent) within `range`.
    static func integer(in range: ClosedRange<Int>) -> ValueReader {
        .scalar("an integer from \(range.lowerBound) to \(range.upperBound)") { value in
            guard case let .number(text) = value, let number = Int(text), range.contains(number) else { return nil }
            return number
        }
    }
}

extension ValueReader where T == UInt64 {
    /// Any unsigned 64-bit integer, written without sign, fraction or exponent.
    static var unsigned64: ValueReader {
        .scalar("an integer from 0 to \(UInt64.max)") { value in
            guard case let .number(text) = value else { return nil }
            return UInt64(text)
        }
    }
}

extension ValueReader where T == Double {
    /// A finite number within `range`.
    static func number(in range: ClosedRange<Double>) -> ValueReader {
        func expected() -> String {
            range == -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude
                ? "a finite number"
                : "a number from \(FieldValue.format(range.lowerBound)) to \(FieldValue.format(range.upperBound))"
        }
        return .scalar(expected()) { value in
            guard case let .number(text) = value, let number = Double(text), number.isFinite, range.contains(number)
            else { return nil }
            return number
        }
    }

    /// Any finite number.
    static var finiteNumber: ValueReader { number(in: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude) }

    /// A probability, 0 to 1.
    static var probability: ValueReader { number(in: 0...1) }

    /// A clock drift such as `"-20ppm"`, within `ScenarioBounds.drift`.
    static var drift: ValueReader {
        ValueReader.scalar("a drift such as \"0ppm\" or \"-20ppm\"") { value in
            value.stringValue.flatMap(ClockConfig.driftPPM(parsing:))
        }
        .checked("a drift from -\(FieldValue.format(ScenarioBounds.drift))ppm to \(FieldValue.format(ScenarioBounds.drift))ppm") {
            abs($0) <= ScenarioBounds.drift
        }
    }
}

extension JSONValue {
    /// The string, if this is one.
    var stringValue: String? {
        if case let .string(text) = self { return text }
        return nil
    }
}

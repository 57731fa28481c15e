/// The schema of a timeline step: one variant per `do`, each with exactly the keys the loader takes for it.
extension ScenarioSchema {
    /// Any step: `at`, `do`, and the keys of the step `do` names.
    static var step: JSONValue {
        let kinds = StepKind.allCases.map(\.rawValue)
        return .object([
            ("description", .string("One step: \"at\" (when), \"do\" (what), and the keys of that kind of step.")),
            ("type", .string("object")),
            ("properties", .object([("do", described("What happens.", oneOf(kinds)))])),
            ("required", .array([.string("at"), .string("do")])),
            ("oneOf", .array(kinds.map { ref("step-\($0)") })),
        ])
    }

    /// The step `kind`: its keys (from `StepKind`, as the loader checks them) and which of them are required.
    static func stepVariant(_ kind: StepKind) -> JSONValue {
        var properties: Members = [
            ("at", described("When the step happens: true time from the start of the run, no later than \"limits.time\".",
                             ref("duration"))),
            ("do", described("What happens.", .object([("const", .string(kind.rawValue))]))),
        ]
        properties += kind.deviceKeys.map { ($0, deviceSchema($0)) }
        properties += kind.optionKeys.map { ($0, option($0, of: kind)) }
        var members: Members = [("description", .string(stepDescription(kind)))]
            + object(properties, required: ["at", "do"] + requiredKeys(kind))
        switch kind {
        case .edit: members.append(("anyOf", .array([requiring("set"), requiring("unset")])))
        case .partition: members.append(("oneOf", .array([requiring("device"), requiring("devices")])))
        default: break
        }
        return .object(members)
    }

    /// `device`, or a partition's `devices`.
    private static func deviceSchema(_ key: String) -> JSONValue {
        guard key == "devices" else { return described("The device the step acts on, one of \"devices\".", ref("deviceID")) }
        return described("The devices the partition cuts off, one or more of \"devices\" (instead of \"device\").",
                         array(of: ref("deviceID"), count: 1...ScenarioBounds.stringsPerArray.upperBound))
    }

    /// The keys `kind` always needs besides `at` and `do`.
    private static func requiredKeys(_ kind: StepKind) -> [String] {
        let options: [String]
        switch kind {
        case .create: options = ["record", "type"]
        case .edit, .delete: options = ["record"]
        case .increment: options = ["record", "field"]
        case .tunnel, .partition, .outage, .zoneBusy: options = ["for"]
        case .rateLimit: options = ["for", "retryAfter"]
        case .offline, .online, .kill, .launch, .foreground, .background, .sync, .loseToken, .reset, .purgeTombstones:
            options = []
        }
        return (kind.deviceKeys == ["device"] ? ["device"] : []) + options
    }

    /// A schema requiring `key`.
    private static func requiring(_ key: String) -> JSONValue { .object([("required", .array([.string(key)]))]) }

    /// The schema of the step option `key` in a step `kind`.
    private static func option(_ key: String, of kind: StepKind) -> JSONValue {
        switch key {
        case "record": return described("The record, in \"records\" or created by a step that runs before this one.", name)
        case "type": return described("The record type, such as \"Favorite\".", name)
        case "fields": return described("The new record's fields.", ref("fields"), default: .object([]))
        case "set": return described("Field names and the values they get (required unless \"unset\" is given).", ref("fields"))
        case "unset":
            return described("Names of fields to remove.", array(of: name, count: ScenarioBounds.stringsPerArray), default: .array([]))
        case "field": return described("The number field to add to.", name)
        case "by": return described("The amount added, any finite number.", number(), default: .int(1))
        case "up": return described("How long each up phase lasts; greater than 0s.", ref("duration"), default: .string("5s"))
        case "down": return described("How long each down phase lasts; greater than 0s.", ref("duration"), default: .string("20s"))
        case "retryAfter":
            return described("The retry hint each answer carries; greater than 0s\(kind == .outage ? ", none when left out" : "").",
                             ref("duration"))
        default: return described("How long the step's fault lasts; greater than 0s.", ref("duration"))
        }
    }

    /// What a step of `kind` does, in the words of the format reference.
    private static func stepDescription(_ kind: StepKind) -> String {
        switch kind {
        case .create: return "The user creates the record; a live one is replaced whole, a deleted one brought back."
        case .edit: return "The user changes the fields in \"set\" and removes those in \"unset\"."
        case .delete: return "The user deletes the record."
        case .increment: return "The user adds \"by\" to a number field, sent as an operation the server applies."
        case .offline: return "Airplane mode on: the device knows it has no network."
        case .online: return "Airplane mode off."
        case .tunnel:
            return "For \"for\", the link flaps: up for \"up\", down for \"down\", and so on, starting up; the device is not told."
        case .partition: return "For \"for\", the link silently drops every message; the device's requests time out."
        case .kill: return "The app is terminated; its disk (store, outbox, token) survives."
        case .launch: return "The app is started again."
        case .foreground: return "The app comes to the foreground."
        case .background: return "The app goes to the background, where it syncs only on a push or a background refresh."
        case .sync: return "The device syncs now."
        case .loseToken: return "The device loses its change token; its next fetch is a full listing."
        case .reset: return "The app is reinstalled: store, outbox and token are wiped, and it downloads everything again."
        case .rateLimit: return "A server step: for \"for\", every request is answered requestRateLimited with \"retryAfter\"."
        case .outage: return "A server step: for \"for\", every request is answered serviceUnavailable."
        case .zoneBusy: return "A server step: for \"for\", every request is answered zoneBusy."
        case .purgeTombstones: return "A server step: the server purges every tombstone it holds now."
        }
    }
}

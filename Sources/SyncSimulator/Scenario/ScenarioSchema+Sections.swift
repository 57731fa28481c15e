/// The schema of each section of a scenario: `strategy`, `server`, `network`, `devices`, `records`, `expect`, `limits`.
extension ScenarioSchema {
    /// A strategy's name alone (default options), or an object with `name` and only that strategy's options.
    static var strategy: JSONValue {
        let names = StrategySpec.builtIns.map(\.name)
        let forms: [JSONValue] = [described("A strategy with its default options.", oneOf(names))]
            + StrategySpec.builtIns.map(strategyObject)
        return .object([("description", .string("How a device's save that meets a newer version on the server is settled.")),
                        ("oneOf", .array(forms))])
    }

    /// The object form of `spec`'s strategy, its options defaulting to `spec`'s.
    private static func strategyObject(_ spec: StrategySpec) -> JSONValue {
        var properties: Members = [("name", described("The strategy's name.", .object([("const", .string(spec.name))])))]
        let text: String
        switch spec {
        case let .lww(clock):
            text = "Last writer wins: the whole record with the newer timestamp; equal timestamps keep the server's."
            properties.append(("clock", described("Which clock stamps a change when the user makes it: the device's own "
                                                      + "(with its skew and drift), a hybrid logical clock that never falls behind "
                                                      + "a timestamp the device received, or the server's commit time.",
                                                  oneOf(LWWClock.self), default: .string(clock.rawValue))))
        case .serverWins:
            text = "Always keeps the server's record."
        case .clientWins:
            text = "Always keeps the device's record."
        case .fieldMerge:
            text = "A three-way merge against the common ancestor: a field changed on one side takes that side's value."
            properties.append(("fields", described("The rule for each named field changed on both sides; fields without one "
                                                       + "use lww.", keyed(oneOf(FieldRule.self)), default: .object([]))))
        case let .userChoice(choice, decideAfter):
            text = "The conflict is shown to the user, who decides \"decideAfter\" later."
            properties.append(("choice", described("What the user decides: keep the device's version, take the server's, or keep "
                                                       + "the server's and save the device's as a new record.",
                                                   oneOf(UserChoice.self), default: .string(choice.rawValue))))
            properties.append(("decideAfter", described("How long the user takes to decide; 0s or more.", ref("duration"),
                                                        default: .string(decideAfter.description))))
        }
        return .object([("description", .string(text))] + object(properties, required: ["name"]))
    }

    static var serverProperties: Members {
        let server = ServerConfig()
        return [
            ("tombstoneRetention", described("How long a deleted record's tombstone stays on the server before it is purged.",
                                             ref("durationOrForever"), default: .string(server.tombstoneRetention.description))),
            ("changeTokenLifetime", described("A fetch whose token was issued longer ago than this fails with changeTokenExpired.",
                                              ref("durationOrForever"), default: .string(server.changeTokenLifetime.description))),
            ("batchLimit", described("A modify request with more items than this fails as a whole with limitExceeded.",
                                     integer(ScenarioBounds.batchSize.lowerBound, ScenarioBounds.batchSize.upperBound),
                                     default: .int(server.batchLimit))),
            ("atomicBatches", described("With true, one failing item makes the whole batch commit nothing (batchRequestFailed); "
                                            + "with false, the good items commit and the request answers partialFailure.",
                                        boolean, default: .bool(server.atomicBatches))),
            ("fetchPageSize", described("How many changes one fetch returns; when more remain, the page says moreComing.",
                                        integer(ScenarioBounds.batchSize.lowerBound, ScenarioBounds.batchSize.upperBound),
                                        default: .int(server.fetchPageSize))),
            ("rateLimit", described("A standing limit per device: a bucket of \"requests\" tokens refilled evenly over \"per\"; "
                                        + "a request finding it empty fails with requestRateLimited and the hint \"retryAfter\". "
                                        + "None by default.", ref("rateLimit"))),
            ("savesOverDeleted", described("The answer to a save naming the change tag of a record deleted since: a conflict "
                                               + "settled by the strategy, or unknownItem at once, as CloudKit does.",
                                           oneOf(ServerConfig.SavesOverDeleted.self),
                                           default: .string(server.savesOverDeleted.rawValue))),
            ("processing", described("How long each request takes at the server; 0s to 1h.", ref("duration"),
                                     default: .string(server.processing.description))),
        ]
    }

    static var rateLimitProperties: Members {
        let requests = ScenarioBounds.rateLimitRequests
        return [
            ("requests", described("Tokens in each device's bucket.", integer(requests.lowerBound, requests.upperBound))),
            ("per", described("The time over which the bucket refills evenly; greater than 0s.", ref("duration"))),
            ("retryAfter", described("The wait a rejected request is told to keep; greater than 0s.", ref("duration"))),
        ]
    }

    static var networkProperties: Members {
        let network = NetworkConfig()
        let range: Members = [
            ("min", described("The shortest delay; 0s to 1h.", ref("duration"))),
            ("max", described("The longest delay, at least \"min\"; 0s to 1h.", ref("duration"))),
        ]
        let latency: JSONValue = .object([("oneOf", .array([ref("duration"), .object(object(range, required: ["min", "max"]))]))])
        return [
            ("latency", described("The one-way delay of each message, 0s to 1h; with \"min\" and \"max\", each delay is drawn "
                                      + "uniformly between them.", latency, default: .string(network.latencyMin.description))),
            ("requestLoss", described("The chance that a request never reaches the server.", probability,
                                      default: .double(network.requestLoss))),
            ("responseLoss", described("The chance that the server carries out a request but its answer is lost.", probability,
                                       default: .double(network.responseLoss))),
            ("duplicate", described("The chance that a request is delivered to the server twice.", probability,
                                    default: .double(network.duplicate))),
            ("timeout", described("How long the device waits for an answer before it gives the request up (networkTimeout); "
                                      + "greater than 0s.", ref("duration"), default: .string(network.timeout.description))),
        ]
    }

    static var deviceProperties: Members {
        let clock = ClockConfig()
        let clockProperties: Members = [
            ("skew", described("How far the device's clock is ahead of true time (negative: behind); -365d to 365d.",
                               ref("signedDuration"), default: .string(clock.skew.description))),
            ("drift", described("How fast the clock gains time (negative: loses), in parts per million, such as \"-20ppm\"; "
                                    + "-100000ppm to 100000ppm.", pattern("^-?[0-9]{1,15}(\\.[0-9]{1,15})?ppm$"),
                                default: .string(FieldValue.format(clock.driftPPM) + "ppm"))),
        ]
        return [
            ("id", described("The device's name, unique in the file, such as \"iPhone\".", ref("deviceID"))),
            ("online", described("Whether the device is online at time 0 (false is airplane mode from the start).", boolean,
                                 default: .bool(DeviceConfig(id: "").online))),
            ("clock", described("The device clock's offset and rate error.", .object(object(clockProperties)),
                                default: objectDefault(clockProperties))),
            ("network", described("This device's link, merged key by key over the top-level \"network\".", ref("network"))),
            ("sync", described("When the device syncs; each key left out keeps its default.", .object(object(syncProperties)),
                               default: objectDefault(syncProperties))),
            ("client", described("How the app's sync code was written: each default is the correct design, the other values "
                                     + "reproduce mistakes real apps make. Not used by a device running a library user's own app.",
                                 .object(object(clientProperties)), default: objectDefault(clientProperties))),
            ("choice", described("This device's decision under user-choice, instead of the strategy's \"choice\".",
                                 oneOf(UserChoice.self))),
        ]
    }

    private static var syncProperties: Members {
        let sync = SyncConfig()
        return [
            ("interval", described("Background refresh: a sync every interval counted from time 0; greater than 0s, or \"forever\".",
                                   ref("durationOrForever"), default: .string(sync.interval.description))),
            ("afterEdit", described("A sync this long after a user action; another action within that time pushes it back.",
                                    ref("duration"), default: .string(sync.afterEdit.description))),
            ("onForeground", described("Whether coming to the foreground starts a sync.", boolean, default: .bool(sync.onForeground))),
            ("push", described("Whether a silent push from the server starts a sync.", boolean, default: .bool(sync.push))),
        ]
    }

    private static var clientProperties: Members {
        let client = ClientConfig()
        let retry: Members = [
            ("base", described("The first retry's backoff bound, doubling per retry; greater than 0s.", ref("duration"),
                               default: .string(client.retryBase.description))),
            ("max", described("The most the backoff bound grows to; at least \"base\".", ref("duration"),
                              default: .string(client.retryMax.description))),
        ]
        return [
            ("deletes", described("\"tombstone\": a delete is queued and retried like any change; \"hard\": the row disappears "
                                      + "at once and one delete request is fired off, never retried.",
                                  oneOf(ClientConfig.Deletes.self), default: .string(client.deletes.rawValue))),
            ("idempotencyKeys", described("Whether the server recognises a resent or duplicated change and applies it once.",
                                          boolean, default: .bool(client.idempotencyKeys))),
            ("clearDirty", described("When a change leaves the outbox: when the server confirms it, or as soon as its request "
                                         + "goes out, never to be sent again.",
                                     oneOf(ClientConfig.ClearDirty.self), default: .string(client.clearDirty.rawValue))),
            ("onRateLimit", described("What a rate-limited send does: wait the server's hint, back off by \"retry\" instead, "
                                          + "or drop its changes unsent.",
                                      oneOf(ClientConfig.OnRateLimit.self), default: .string(client.onRateLimit.rawValue))),
            ("onTokenExpired", described("What an expired change token leads to: a full listing, or fetches failing from then on.",
                                         oneOf(ClientConfig.OnTokenExpired.self),
                                         default: .string(client.onTokenExpired.rawValue))),
            ("reconcileOnRefetch", described("Whether a full listing removes clean local records the server did not list "
                                                 + "(false keeps them and uploads them again as new).",
                                             boolean, default: .bool(client.reconcileOnRefetch))),
            ("onUnknownItem", described("What a save answered unknownItem does: remove the local record, or save it again as new.",
                                        oneOf(ClientConfig.OnUnknownItem.self), default: .string(client.onUnknownItem.rawValue))),
            ("retry", described("The backoff before the n-th retry: a time drawn uniformly between 0 and the smaller of \"max\" "
                                    + "and \"base\" × 2^(n−1).", .object(object(retry)), default: objectDefault(retry))),
        ]
    }

    static var recordProperties: Members {
        [
            ("id", described("The record's name, unique among \"records\".", name)),
            ("type", described("The record type, such as \"Favorite\".", name)),
            ("fields", described("The record's fields; may be left out for a record without fields.", ref("fields"),
                                 default: .object([]))),
        ]
    }

    /// A record field's value: a string, a number, `true` or `false`, an array of strings (a set), or `null`.
    static var fieldValue: JSONValue {
        let strings = array(of: string(), count: ScenarioBounds.stringsPerArray)
        let forms: [JSONValue] = [string(), number(), boolean, described("A set of strings.", strings),
                                  .object([("type", .string("null"))])]
        return described("A string, a number, true or false, an array of strings (compared as a set), or null.",
                         .object([("oneOf", .array(forms))]))
    }

    /// A count: a number to match exactly, or a range with at least one bound.
    static var count: JSONValue {
        let bound = integer(ScenarioBounds.count.lowerBound, ScenarioBounds.count.upperBound)
        let range: Members = [("atLeast", described("The least allowed.", bound)),
                              ("atMost", described("The most allowed, no less than \"atLeast\".", bound))]
        let forms: [JSONValue] = [described("Exactly this many.", bound),
                                  .object(object(range) + [("minProperties", .int(1))])]
        return described("A number that must match exactly, or a range: {\"atLeast\": 1}, {\"atMost\": 3} or both.",
                         .object([("oneOf", .array(forms))]))
    }

    static var expectProperties: Members {
        let expect = Expectations()
        func count(_ value: CountExpectation?) -> JSONValue? { value.map { .int($0.atLeast ?? 0) } }
        let record: Members = [
            ("deleted", described("true: deleted or absent on the server and every device; false: live on the server.", boolean)),
            ("fields", described("The values the named fields must have; others are not compared, a missing field compares as "
                                     + "null, arrays of strings as sets.", ref("fields"))),
        ]
        let records = JSONValue.object([("type", .string("object")),
                                        ("additionalProperties", .object(object(record) + [("minProperties", .int(1))]))])
        return [
            ("converged", described("Whether the run must converge (true) or must not (false).", boolean,
                                    default: .bool(expect.converged))),
            ("within", described("How long settle may last; with converged true, the run must go quiet within it. Greater than "
                                     + "0s, at most 365d.", ref("duration"), default: .string(expect.within.description))),
            ("zombies", described("Records that came back after a delete with no user change to explain it.", ref("count"),
                                  default: count(expect.zombies))),
            ("lostUpdates", described("(User action, field) pairs whose value is missing from the end state.", ref("count"),
                                      default: count(expect.lostUpdates))),
            ("unexplainedLostUpdates", described("Lost updates that no concurrent change accounts for; not checked unless given.",
                                                 ref("count"))),
            ("duplicates", described("User changes the end state counts more than once.", ref("count"),
                                     default: count(expect.duplicates))),
            ("stuck", described("Devices whose outbox is not empty at the end.", ref("count"), default: count(expect.stuck))),
            ("records", described("The end state of named records, by id; each must be in \"records\" or created by a step.",
                                  records)),
            ("resurrectedByEdit", described("Records brought back by an edit made without knowledge of the delete; not checked "
                                                + "unless given.", ref("count"))),
            ("editsDroppedByDelete", described("Changes thrown away because a delete won; not checked unless given.",
                                               ref("count"))),
        ]
    }

    static var limitsProperties: Members {
        let limits = Limits()
        return [
            ("time", described("The simulated time a run may reach, 1s to 3650d; no timeline step may be later.",
                               ref("duration"), default: .string(limits.time.description))),
            ("events", described("The number of simulated events a run may process.",
                                 integer(ScenarioBounds.events.lowerBound, ScenarioBounds.events.upperBound),
                                 default: .int(limits.events))),
        ]
    }
}

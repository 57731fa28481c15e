import SyncSimulator

extension FuzzSummary {
    /// The campaign's `index.html`: the counts by class and every failure, linking its scenario and minimal scenario.
    var html: String {
        var page = HTMLPage(title: "syncsim fuzz — \(failed) of \(results.count) seeds failed")
        page.add("<header><h1>\(results.count) seeds: \(results.count - failed) passed, \(failed) failed</h1>"
            + "<p class=\"facts\">\(plan.settings.devices) devices, \(plan.settings.actions) user actions, strategy \(HTMLText.escape(plan.settings.strategy.name))"
            + (plan.strategyAssignments.isEmpty ? "" : " (" + HTMLText.escape(plan.strategyAssignments.joined(separator: " ")) + ")")
            + (plan.clientAssignments.isEmpty ? "" : ", client " + HTMLText.escape(plan.clientAssignments.joined(separator: " "))) + "</p></header>")
        page.section("Failure classes", HTMLPage.table(["class", "failed seeds", "meaning"], FuzzFailure.Kind.allCases.map { kind in
            let count = results.filter { $0.failure?.kind == kind }.count
            return (count > 0 ? "broken" : "held", [kind.rawValue, "\(count)", kind.meaning])
        }))
        let rows = results.compactMap { result -> String? in
            guard let failure = result.failure else { return nil }
            let file = SeedResult.fileName(result.seed, minimal: false)
            let minimal = result.minimalSteps.map { steps in
                "<a href=\"\(SeedResult.fileName(result.seed, minimal: true))\">\(steps) steps</a>"
            } ?? "not shrunk"
            return "<tr class=\"broken\"><td>\(result.seed)</td><td>\(failure.kind.rawValue)</td>"
                + "<td>\(HTMLText.escape(failure.sentence))</td><td><a href=\"\(file)\">\(result.steps) steps</a></td><td>\(minimal)</td></tr>"
        }
        page.section("Failures", rows.isEmpty ? "<p>No seed failed.</p>"
            : "<table><thead><tr><th>seed</th><th>class</th><th>what broke</th><th>scenario</th><th>minimal scenario</th></tr></thead><tbody>\n"
                + rows.joined(separator: "\n") + "</tbody></table>")
        return page.text
    }
}

/// The order in which to resolve blockers: a greedy sequence over the groups of models that
/// migrate as one (`PlanLinks`), each freed once all its blockers are resolved.
///
/// Weighing each blocker alone says little where models have several reasons (a model held by
/// its deployment target and by a `$x` use is freed by neither alone). So each step takes the
/// blocker that frees the most models (then sites) given the ones before it; when none frees
/// anything yet, the one with the most models per blocker still left in the groups it holds
/// (a group of 6 models with 2 blockers left counts 3 for each), so that the steps lead to the
/// largest groups soonest.
enum PlanOrder {
    struct Group {
        /// How many models it has, and how many places `fix` rewrites with them.
        var models: Int
        var sites: Int
        /// The blockers (item numbers) holding it; it is freed when all are resolved.
        var items: Set<Int>
        /// False when a member's list of reasons was cut at the cap: it may hold more.
        var complete: Bool
    }

    struct Step: Equatable {
        var item: Int
        /// The groups this step frees, with the steps before it.
        var freed: [Int]
    }

    /// Every item in `0..<itemCount` once, in the order to resolve them.
    static func steps(_ groups: [Group], itemCount: Int) -> [Step] {
        var groupsOf = Array(repeating: [Int](), count: itemCount)
        for (g, group) in groups.enumerated() { for i in group.items { groupsOf[i].append(g) } }
        var left = groups.map(\.items.count)  // blockers not yet resolved, per group
        var done = Array(repeating: false, count: itemCount)
        var steps: [Step] = []
        for _ in 0..<itemCount {
            var best = -1
            var bestScore = (models: -1, sites: -1, share: -1.0, holds: -1)
            for i in 0..<itemCount where !done[i] {
                var score = (models: 0, sites: 0, share: 0.0, holds: 0)
                for g in groupsOf[i] where left[g] > 0 {
                    score.holds += groups[g].models
                    score.share += Double(groups[g].models) / Double(left[g])
                    if left[g] == 1, groups[g].complete {
                        score.models += groups[g].models
                        score.sites += groups[g].sites
                    }
                }
                if score.models > bestScore.models
                    || (score.models == bestScore.models && (score.sites, score.share, score.holds) > (bestScore.sites, bestScore.share, bestScore.holds)) {
                    best = i
                    bestScore = score
                }
            }
            done[best] = true
            var freed: [Int] = []
            for g in groupsOf[best] where left[g] > 0 {
                left[g] -= 1
                if left[g] == 0, groups[g].complete { freed.append(g) }
            }
            steps.append(Step(item: best, freed: freed))
        }
        return steps
    }
}

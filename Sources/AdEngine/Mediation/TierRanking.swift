/// Decides the winner of one tier as its sources' results arrive. A pure value; one task owns it.
///
/// The rank of a filled source: a bidding source with a price ranks above every fill without one,
/// higher prices first; fills without a ranked price (no `<Pricing>` amount, or a non-bidding source)
/// rank by tier order; equal prices also go to tier order. The leader is certain once no pending
/// source could outrank it: a pending bidding source always could (its price is unknown), a pending
/// non-bidding source only when the leader has no ranked price and the pending source is earlier in
/// tier order.
struct TierRanking {
    /// Where one source stands.
    enum State: Equatable {
        /// Still running.
        case pending
        /// Filled, with the price it ranks by (`nil` when it ranks by tier order).
        case filled(rankedPrice: Double?)
        /// Ended without an ad (no fill, error, timeout or cancelled).
        case failed
    }

    /// Whether each source bids, in tier order.
    let bids: [Bool]
    /// Each source's state, in tier order.
    private(set) var states: [State]

    /// A ranking of `bids.count` pending sources, in tier order.
    init(bids: [Bool]) {
        self.bids = bids
        states = Array(repeating: .pending, count: bids.count)
    }

    /// Records that source `index` filled with `price` (ignored unless it bids).
    mutating func filled(_ index: Int, price: Double?) {
        states[index] = .filled(rankedPrice: bids[index] ? price : nil)
    }

    /// Records that source `index` ended without an ad.
    mutating func failed(_ index: Int) {
        states[index] = .failed
    }

    /// The best source that filled so far.
    var leader: Int? {
        var best: (index: Int, price: Double?)?
        for (index, state) in states.enumerated() {
            guard case .filled(let price) = state else { continue }
            guard let current = best else {
                best = (index, price)
                continue
            }
            // Indices grow in tier order, so on a tie the earlier one stays.
            if let price, current.price.map({ price > $0 }) ?? true { best = (index, price) }
        }
        return best?.index
    }

    /// True when the leader cannot change any more (or every source ended without an ad).
    var isDecided: Bool {
        let pending = states.indices.filter { states[$0] == .pending }
        if pending.isEmpty { return true }
        guard let leader, case .filled(let leaderPrice) = states[leader] else { return false }
        return pending.allSatisfy { index in !bids[index] && (leaderPrice != nil || index > leader) }
    }
}

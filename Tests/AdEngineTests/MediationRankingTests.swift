import Testing

@testable import AdEngine

/// The pure winner rule of one tier, input by input.
@Suite struct MediationRankingTests {
    @Test func withoutBiddersTheEarliestFillIsCertainOnceEveryEarlierSourceEnded() {
        var ranking = TierRanking(bids: [false, false, false])
        ranking.filled(1, price: nil)
        #expect(ranking.leader == 1 && !ranking.isDecided)
        ranking.failed(0)
        #expect(ranking.leader == 1 && ranking.isDecided)
    }

    @Test func theFirstSourceFillingDecidesAtOnceWithoutBidders() {
        var ranking = TierRanking(bids: [false, false])
        ranking.filled(0, price: 7)
        #expect(ranking.leader == 0 && ranking.isDecided)
    }

    @Test func aPendingBidderKeepsTheTierOpen() {
        var ranking = TierRanking(bids: [false, true])
        ranking.filled(0, price: nil)
        #expect(ranking.leader == 0 && !ranking.isDecided)
        ranking.filled(1, price: 0.5)
        #expect(ranking.leader == 1 && ranking.isDecided)
    }

    @Test func aPricedLeaderCannotBeBeatenByPendingNonBidders() {
        var ranking = TierRanking(bids: [false, true, false])
        ranking.filled(1, price: 2)
        #expect(ranking.leader == 1 && ranking.isDecided)
    }

    @Test func theHighestPriceWinsAndTiesGoToTierOrder() {
        var ranking = TierRanking(bids: [true, true, true, true])
        ranking.filled(3, price: 5)
        ranking.filled(0, price: nil)
        ranking.filled(2, price: 5)
        #expect(ranking.leader == 2 && !ranking.isDecided)
        ranking.filled(1, price: 4.99)
        #expect(ranking.leader == 2 && ranking.isDecided)
    }

    @Test func aNonBiddersPriceIsNotRanked() {
        var ranking = TierRanking(bids: [true, false])
        ranking.filled(1, price: 100)
        ranking.filled(0, price: nil)
        #expect(ranking.leader == 0 && ranking.isDecided)
    }

    @Test func noFillAtAllIsDecidedWithoutALeader() {
        var ranking = TierRanking(bids: [true, false])
        ranking.failed(1)
        #expect(!ranking.isDecided)
        ranking.failed(0)
        #expect(ranking.leader == nil && ranking.isDecided)
    }
}

import Testing

@testable import AdTransport

/// The per-host ledger as a pure value: limits, turns and due times as inputs.
@Suite struct BeaconHostLedgerTests {
    @Test func hostsTakeTurnsLeastRecentlyServedFirstThenByArrival() {
        var ledger = BeaconHostLedger()
        for host in ["a", "b", "c"] { ledger.enqueued(host, due: 100) }
        #expect(ledger.candidates(now: 100, limit: 4) == ["a", "b", "c"])
        ledger.sendStarted("a")
        #expect(ledger.candidates(now: 100, limit: 4) == ["b", "c", "a"])
        ledger.sendStarted("c")
        ledger.sendStarted("b")
        #expect(ledger.candidates(now: 100, limit: 4) == ["a", "c", "b"])
    }

    @Test func aHostAtItsLimitOrNotYetDueIsNoCandidate() {
        var ledger = BeaconHostLedger()
        ledger.enqueued("busy", due: 0)
        ledger.enqueued("later", due: 500)
        ledger.enqueued("free", due: 0)
        ledger.sendStarted("busy")
        ledger.sendStarted("busy")
        #expect(ledger.candidates(now: 100, limit: 2) == ["free"])
        #expect(ledger.earliestDue(limit: 2) == 0)
        ledger.refresh("free", nextDue: nil)
        #expect(ledger.earliestDue(limit: 2) == 500)
        #expect(ledger.candidates(now: 500, limit: 2) == ["later"])
    }

    @Test func countsFollowTheQueueAndHostsLeaveWithTheirLastBeacon() {
        var ledger = BeaconHostLedger([BeaconStore.HostQueue(host: "old", queued: 2, nextAttemptAt: 7)])
        ledger.enqueued("new", due: 10)
        #expect(ledger.total == 3 && ledger.queued("old") == 2 && ledger.queued("new") == 1)
        ledger.sendStarted("old")
        ledger.sendEnded("old", final: false)
        ledger.becameDue("old", at: 3)
        #expect(ledger.entries["old"]?.nextDue == 3 && ledger.sending("old") == 0)
        ledger.sendStarted("old")
        ledger.sendEnded("old", final: true)
        ledger.left("old")
        ledger.left("new")
        #expect(ledger.total == 0 && ledger.entries.isEmpty)
    }

    @Test func aRetryOnlyEverMovesTheNextDueEarlier() {
        var ledger = BeaconHostLedger()
        ledger.enqueued("h", due: 100)
        ledger.becameDue("h", at: 900)
        #expect(ledger.entries["h"]?.nextDue == 100)
        ledger.refresh("h", nextDue: 900)
        ledger.becameDue("h", at: 400)
        #expect(ledger.entries["h"]?.nextDue == 400)
    }
}

#!/usr/bin/env python3
"""Times the BeaconStore queries (same schema and pragmas as Sources/AdTransport/Dispatch/BeaconStore.swift)
against a store with N pending rows and M tombstones, with and without an index on (state, expires_at).
Usage: python3 Tools/bench-lifecycle/sqlite-queries.py   (writes a scratch file in $TMPDIR)."""
import sqlite3, time, os, sys
def setup(path, pending, done, extra_index=None):
    for s in ("", "-wal", "-shm"):
        try: os.remove(path+s)
        except FileNotFoundError: pass
    db=sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL"); db.execute("PRAGMA synchronous=NORMAL")
    db.executescript("""CREATE TABLE beacons (id INTEGER PRIMARY KEY, ad_instance TEXT NOT NULL, event TEXT NOT NULL, url TEXT NOT NULL,
      hop INTEGER, enqueued_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, attempts INTEGER NOT NULL, next_attempt_at INTEGER NOT NULL,
      state TEXT NOT NULL, last_status INTEGER, last_error TEXT, finished_at INTEGER, UNIQUE (ad_instance, event, url));
      CREATE INDEX beacons_by_state ON beacons (state, next_attempt_at);""")
    if extra_index: db.execute(extra_index)
    now=1_750_000_000_000
    db.execute("BEGIN")
    for n in range(done+pending):
        st = 'delivered' if n < done else 'pending'
        db.execute("INSERT INTO beacons (ad_instance,event,url,hop,enqueued_at,expires_at,attempts,next_attempt_at,state) VALUES (?,?,?,?,?,?,0,?,?)",
          (f"ad-{n//20}", "start", f"http://127.0.0.1:40000/beacon/start?ad=ad-{n//20}&cb={10000000+n}&ts=2025-06-15T12%3A00%3A00.000Z&ph=00%3A00%3A12.300&app=com.example.clips&lat=0", n%2, now, now+3600000, now, st))
    db.execute("COMMIT")
    return db, now
cols="id, ad_instance, event, url, hop, attempts, expires_at, last_status, last_error"
Q={
 "overdue (expireOverdue, every pump)": f"SELECT {cols} FROM beacons WHERE state = 'pending' AND expires_at <= ? ORDER BY id LIMIT 256",
 "due (every pump)": f"SELECT {cols} FROM beacons WHERE state = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT 8",
 "nextAttemptAt": "SELECT min(next_attempt_at) FROM beacons WHERE state = 'pending'",
}
def bench(db, now, reps=200):
    out={}
    for name,q in Q.items():
        arg=(now+10,)
        if "nextAttempt" in name: arg=()
        db.execute(q,arg).fetchall()
        t=time.perf_counter()
        for _ in range(reps): db.execute(q,arg).fetchall()
        out[name]=(time.perf_counter()-t)/reps*1e6
    return out
path=os.path.join(os.environ.get("TMPDIR", "/tmp"), "bench-lifecycle-queries.sqlite")
for pending, done in [(8,0),(100,0),(1000,0),(10000,0),(10000,90000)]:
    for idx in [None, "CREATE INDEX beacons_by_expiry ON beacons (state, expires_at)"]:
        db,now=setup(path,pending,done,idx)
        r=bench(db,now)
        print(f"pending={pending:6d} tombstones={done:6d} {'+index(state,expires_at)' if idx else 'schema as is         '}: " + "  ".join(f"{k.split(' ')[0]}={v:8.1f}us" for k,v in r.items()))
        db.close()
for s in ("", "-wal", "-shm"):
    if os.path.exists(path + s): os.remove(path + s)

-- wrk load script of server-config/bench: one operation of the broker or the checkout, in a closed
-- model (wrk's connections, each sending again as soon as it is answered) or an open one (Poisson
-- arrivals at a given total rate), and what the client saw of it:
--   wrk ... -s load.lua URL -- op=create model=poisson rate=150 merchant=demo key=... prefix=b1
-- op: ping | create | query | cart | balance | payout | sandbox (the sandbox alone, at its own URL). create needs key, merchant and a prefix unique to the run;
-- query needs key, merchant, qprefix and count (orders qprefix0 .. qprefix<count-1> exist); both take
-- method (alphapay, the default, or betapay); cart needs
-- cakey and pm (the platform merchant); balance (a balance read) and payout (a payout of amount fen,
-- 1000 by default, under a payoutRef made of prefix) need key, merchant and method. Every request carries an X-Request-Id with its send time,
-- which the broker echoes, so that each answer's latency is known per status; the broker's own
-- time comes from its Server-Timing header. done() prints one "BENCH key=value ..." line, and
-- "WINDOW second=… …" lines of the broker's own-time p99 per second of the run (open model).

local ffi = require("ffi")
ffi.cdef [[
typedef struct { long tv_sec; long tv_nsec; } bench_timespec;
int clock_gettime(int clock, bench_timespec *t);
]]
local clock = ffi.new("bench_timespec")

-- Milliseconds on the monotonic clock (the same in every thread of this process).
local function now_ms()
    ffi.C.clock_gettime(1, clock)
    return tonumber(clock.tv_sec) * 1000 + tonumber(clock.tv_nsec) / 1e6
end

local threads = {}
local counter = 0

function setup(thread)
    counter = counter + 1
    thread:set("tid", counter)
    table.insert(threads, thread)
end

local opts = {}
local sent = 0
local next_send
local mean_gap_ms
-- what this thread saw (globals: done() reads them through thread:get, which copies flat tables
-- only: a table of tables crashes wrk 4.1)
broker_ms = {}
broker_at = {}
-- the broker's own time of the polls of createpoll, apart from its creates
poll_ms = {}
-- createpoll: the references whose create was answered 200, each polled once, oldest first
to_poll = {}
polled = 0
latency_status = {}
latency_ms = {}
count_by_status = {}

function init(args)
    for _, a in ipairs(args) do
        local k, v = a:match("^([%w_]+)=(.*)$")
        if k then
            opts[k] = v
        end
    end
    math.randomseed(tid * 7919 + math.floor(now_ms()))
    if opts.model == "poisson" then
        -- This thread's share of the total rate; its connections take its arrivals in turn.
        local threads_total = tonumber(opts.threads)
        mean_gap_ms = 1000 * threads_total / tonumber(opts.rate)
        next_send = now_ms() + math.random() * mean_gap_ms
    end
end

function delay()
    if opts.model ~= "poisson" then
        return 0
    end
    -- The next arrival of this thread's Poisson process; a connection asking late sends at once.
    next_send = next_send - mean_gap_ms * math.log(1 - math.random())
    local d = next_send - now_ms()
    if d < 0 then
        return 0
    end
    return math.floor(d)
end

-- kind: "c" a create whose reference is to be polled (createpoll), "q" such a poll, "" any other
local function headers(extra, kind, ref)
    local h = { ["X-Request-Id"] = string.format("b%d-%d-%s%s-%.3f", tid, sent, kind or "", ref or "", now_ms()) }
    for k, v in pairs(extra) do
        h[k] = v
    end
    return h
end

function request()
    sent = sent + 1
    local op = opts.op
    if op == "ping" then
        return wrk.format("GET", "/broker/ping", headers({}))
    elseif op == "create" then
        local ref = string.format("%s%dn%d", opts.prefix, tid, sent)
        local body = '{"paymentMethod":"' .. (opts.method or "alphapay") .. '","paymentType":"NATIVE","orderRef":"' .. ref
            .. '","actualAmount":100,"currency":"CNY"}'
        return wrk.format("POST", "/broker/v1/payment/" .. opts.merchant,
            headers({ ["app-api-key"] = opts.key, ["Content-Type"] = "application/json" }), body)
    elseif op == "createpoll" then
        -- A create, then its poll (a query of it) once it has been answered: the store's run.
        if polled < #to_poll and sent % 2 == 0 then
            polled = polled + 1
            local ref = to_poll[polled]
            to_poll[polled] = false
            return wrk.format("GET", "/broker/v1/payment/" .. opts.merchant .. "?order_ref=" .. ref
                .. "&payment_method=" .. (opts.method or "alphapay"), headers({ ["app-api-key"] = opts.key }, "q", ref))
        end
        local ref = string.format("%s%dn%d", opts.prefix, tid, sent)
        local body = '{"paymentMethod":"' .. (opts.method or "alphapay") .. '","paymentType":"NATIVE","orderRef":"' .. ref
            .. '","actualAmount":100,"currency":"CNY"}'
        return wrk.format("POST", "/broker/v1/payment/" .. opts.merchant,
            headers({ ["app-api-key"] = opts.key, ["Content-Type"] = "application/json" }, "c", ref), body)
    elseif op == "query" then
        local i = (tid * 7 + sent) % tonumber(opts.count)
        return wrk.format("GET", "/broker/v1/payment/" .. opts.merchant .. "?order_ref=" .. opts.qprefix .. i
            .. "&payment_method=" .. (opts.method or "alphapay"), headers({ ["app-api-key"] = opts.key }))
    elseif op == "balance" then
        return wrk.format("GET", "/broker/v1/payout/abroad/" .. opts.merchant .. "?payment_method=" .. (opts.method or "alphapay"),
            headers({ ["app-api-key"] = opts.key }))
    elseif op == "payout" then
        local body = '{"paymentMethod":"' .. (opts.method or "alphapay") .. '","payoutRef":"' .. string.format("%s%dn%d", opts.prefix, tid, sent)
            .. '","amount":' .. (opts.amount or "1000") .. '}'
        return wrk.format("POST", "/broker/v1/payout/abroad/" .. opts.merchant,
            headers({ ["app-api-key"] = opts.key, ["Content-Type"] = "application/json" }), body)
    elseif op == "sandbox" then
        -- The sandbox alone: an unsigned alphapay query, answered with its signed 401 after the
        -- company's latency, as any call of its API.
        return wrk.format("GET", "/sandbox/alphapay/v3/pay/transactions/out-trade-no/" .. opts.prefix .. tid .. "n" .. sent, headers({}))
    elseif op == "cart" then
        local body = '{"merchantSiteUrl":"https://shop.example","cart":{"userId":"u' .. tid .. '","products":['
            .. '{"productId":"p1","quantity":2,"price":9.99,"currency":"GBP"},'
            .. '{"productId":"p2","quantity":1,"price":25.00,"currency":"GBP"}]}}'
        return wrk.format("POST", "/checkout/carts/platform_c/" .. opts.pm,
            headers({ ["x-ca-key"] = opts.cakey, ["Content-Type"] = "application/json" }), body)
    end
    error("unknown op " .. tostring(op))
end

local function header(h, name)
    return h[name] or h[name:lower()]
end

function response(status, hdrs, body)
    local t = now_ms()
    count_by_status[status] = (count_by_status[status] or 0) + 1
    local id = header(hdrs, "X-Request-Id")
    if id then
        local sent_at = tonumber(id:match("%-([%d%.]+)$"))
        if sent_at then
            latency_status[#latency_status + 1] = status
            latency_ms[#latency_ms + 1] = t - sent_at
        end
    end
    local kind, ref
    if id then
        kind, ref = id:match("^b%d+%-%d+%-(%a)(%w+)%-[%d%.]+$")
    end
    if kind == "c" and status == 200 then
        to_poll[#to_poll + 1] = ref
    end
    local timing = header(hdrs, "Server-Timing")
    if timing and status == 200 then
        local own = tonumber(timing:match("broker;dur=([%d%.]+)"))
        if own and kind == "q" then
            poll_ms[#poll_ms + 1] = own
        elseif own then
            broker_ms[#broker_ms + 1] = own
            broker_at[#broker_at + 1] = t
        end
    end
end

local function percentile(sorted, q)
    if #sorted == 0 then
        return 0
    end
    local i = math.ceil(q * #sorted)
    if i < 1 then
        i = 1
    end
    return sorted[i]
end

function done(summary, latency, requests)
    local own, own_at, counts, polls = {}, {}, {}, {}
    local refused, accepted = {}, {}
    for _, thread in ipairs(threads) do
        local b, at = thread:get("broker_ms"), thread:get("broker_at")
        for i = 1, #b do
            own[#own + 1] = b[i]
            own_at[#own_at + 1] = { at[i], b[i] }
        end
        for _, v in ipairs(thread:get("poll_ms")) do
            polls[#polls + 1] = v
        end
        for s, n in pairs(thread:get("count_by_status")) do
            counts[s] = (counts[s] or 0) + n
        end
        local ls, lm = thread:get("latency_status"), thread:get("latency_ms")
        for i = 1, #ls do
            if ls[i] == 503 then
                refused[#refused + 1] = lm[i]
            elseif ls[i] == 200 then
                accepted[#accepted + 1] = lm[i]
            end
        end
    end
    table.sort(own)
    table.sort(polls)
    local status_text = {}
    for s, n in pairs(counts) do
        status_text[#status_text + 1] = s .. ":" .. n
    end
    table.sort(status_text)
    table.sort(refused)
    table.sort(accepted)
    local e = summary.errors
    io.write(string.format("BENCH requests=%d seconds=%.3f errors=%d statuses=%s own_n=%d own_p50=%.3f own_p99=%.3f"
        .. " refused=%d refused_p99=%.1f accepted_max=%.1f client_p50=%.1f client_p99=%.1f"
        .. " poll_n=%d poll_p50=%.3f poll_p99=%.3f\n",
        summary.requests, summary.duration / 1e6, e.connect + e.read + e.write + e.timeout,
        table.concat(status_text, ","), #own, percentile(own, 0.5), percentile(own, 0.99),
        #refused, percentile(refused, 0.99), accepted[#accepted] or 0, latency:percentile(50) / 1000,
        latency:percentile(99) / 1000, #polls, percentile(polls, 0.5), percentile(polls, 0.99)))
    -- The broker's own time per second of the run, for the recovery after an overload.
    if #own_at > 0 then
        table.sort(own_at, function(a, b) return a[1] < b[1] end)
        local start = own_at[1][1]
        local windows = {}
        for _, p in ipairs(own_at) do
            local w = math.floor((p[1] - start) / 1000)
            windows[w] = windows[w] or {}
            table.insert(windows[w], p[2])
        end
        local last = 0
        for w in pairs(windows) do
            if w > last then
                last = w
            end
        end
        for w = 0, last do
            if windows[w] then
                table.sort(windows[w])
                io.write(string.format("WINDOW second=%d n=%d own_p99=%.3f\n", w, #windows[w], percentile(windows[w], 0.99)))
            end
        end
    end
end

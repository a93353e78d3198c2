#!/usr/bin/env python3
"""usage: check_hierarchy.py OPTINET WORKDIR

`optinet NETWORK --hierarchy FILE` on a small network of every family: the file is one JSON
object {"objects": [...]}, one entry per SystemC object with its name, kind and bound_to; names
are unique; every port is bound, to an object of the hierarchy; the top-level clock is there.

POPS(4,4) in the pins view (its default at that size): every processor pops.groupB.procK and
every coupler pops.groupB.coupler_bB_aA is an sc_module whose clk port is bound to the slot
clock; processor K of group A drives one valid line per coupler c(B, A), and that line is what
coupler c(B, A)'s input K reads; every receiver input of a processor of group B reads the wire
its coupler c(B, A) drives. The OCPC with p = 16 in the pins view (its default at that size):
every processor ocpc.procI, every receiver ocpc.receiverI and the bus are sc_modules whose clk
port is bound to the slot clock; processor I's transmitter pins are what the bus's input I
reads, and its receiver pins read what receiver I drives. The 4 x 4 mesh in the pins view (its
default at that size): every processor mesh.node_xX_yY, router mesh.links.router_xX_yY and link
mesh.links.link_xX_yY_D is an sc_module whose clk port is bound to the slot clock; a router's
output D is what its link's input reads, the link's output what the far router's input D reads,
the occupancy the far router drives is what the link reads and the link's the sender's; each
processor's offer, take and eject pins are its router's. The D-MOB with K = 3, D = 3 in the pins
view (its default at that size): every processor and its receiver a clocked sc_module, its
transmitter j what input x_j of its dimension-j bus reads, its receiver pins what its receiver
drives. Split&hash with k = 8, d = 2 in the pins view (its default at that size): every node
splithash.levelL.nodeX and its receiver a clocked sc_module, its receiver pins what its receiver
drives; every bus a clocked sc_module each of whose inputs reads the transmitter wires of one
node, every transmitter of every node read by one bus input; a bus to the sinks reads sink m at
input m and level-1 node m at input k + m, a funnel bus the bottom nodes of the k child funnels
at inputs 0..k-1 and top nodes of the same group above.
The store-and-forward networks in the
pins view (their default at these sizes): every node and every link (NAME.nodeX.link_L) is an
sc_module whose clk port is bound to the slot clock; each node's out-edge pins are what its
link's src pins read and its ready line what the link drives back; each link's dst pins are
read by exactly one node input (another node's, or its own for a shuffle's self-loop), whose
ready line the link reads; every node input reads a link. Exit status 1 on the first failure.
"""
import json
import pathlib
import re
import subprocess
import sys

OPTINET, WORKDIR = sys.argv[1], pathlib.Path(sys.argv[2])
WORKDIR.mkdir(parents=True, exist_ok=True)

FAMILIES = ["pops --d 4 --g 4", "pops --d 4 --g 4 --view grouped", "ocpc --p 16", "ocpc --p 16 --view grouped",
            "mob --p 4", "mob --p 4 --view grouped",
            "dmob --k 3 --dim 3", "dmob --k 3 --dim 3 --view grouped", "hypercube --n 4", "shuffle --d 2 --n 4", "ccc --s 3",
            "shuffle-exchange --n 4", "grid --n 4 --k 2", "mesh --n 4 --levels 2", "hypercube --n 4 --view grouped",
            "mesh --n 4 --levels 2 --view grouped",
            "splithash --k 8 --depth 2", "splithash --k 8 --depth 2 --view grouped"]
SF_NETWORKS = {"hypercube": "hypercube", "shuffle": "shuffle", "ccc": "ccc",
               "shuffle-exchange": "shuffle-exchange", "grid": "grid"}
PORT_KINDS = {"sc_in", "sc_out", "sc_inout", "sc_port"}


def fail(message):
    sys.exit(f"FAIL: {message}")


def hierarchy(command, name):
    out = WORKDIR / f"hierarchy_{name}.json"
    subprocess.run([OPTINET] + command.split() + ["--hierarchy", str(out), "--quiet"], check=True,
                   stdout=subprocess.DEVNULL)
    report = json.loads(out.read_text())
    if list(report) != ["objects"]:
        fail(f"{command}: keys {list(report)}, expected ['objects']")
    objects = {}
    for o in report["objects"]:
        if list(o)[:3] != ["name", "kind", "bound_to"]:
            fail(f"{command}: entry {o} lacks name, kind, bound_to")
        if o["name"] in objects:
            fail(f"{command}: {o['name']} listed twice")
        objects[o["name"]] = o
    for o in objects.values():
        if o["kind"] in PORT_KINDS and o["bound_to"] not in objects:
            fail(f"{command}: port {o['name']} bound to {o['bound_to']!r}, not an object")
        if o["kind"] not in PORT_KINDS and o["kind"] != "sc_export" and o["bound_to"] is not None:
            fail(f"{command}: {o['name']} ({o['kind']}) has bound_to {o['bound_to']!r}")
    if objects.get("clk", {}).get("kind") != "sc_clock":
        fail(f"{command}: no slot clock 'clk' at the top")
    return objects


def module_with_clock(objects, name):
    if objects.get(name, {}).get("kind") != "sc_module":
        fail(f"pins view: {name} is not an sc_module")
    if objects.get(name + ".clk", {}).get("bound_to") != "clk":
        fail(f"pins view: {name}.clk is not bound to the slot clock")


def same_wire(objects, port, other):
    wire = objects.get(port, {}).get("bound_to")
    if wire is None or objects.get(other, {}).get("bound_to") != wire:
        fail(f"pins view: {port} is bound to {wire!r}, but {other} to "
             f"{objects.get(other, {}).get('bound_to')!r}")


def node_with_receiver(objects, proc, receiver):
    """A processor and its receiver module, both clocked; its rx pins what the receiver drives."""
    module_with_clock(objects, proc)
    module_with_clock(objects, receiver)
    for field in ("valid", "collision", "packet", "control1"):
        same_wire(objects, f"{receiver}.{field}", f"{proc}.rx_{field}")


def check_ocpc_pins(objects, p):
    module_with_clock(objects, "ocpc.bus")
    for i in range(p):
        proc, receiver = f"ocpc.proc{i}", f"ocpc.receiver{i}"
        module_with_clock(objects, proc)
        module_with_clock(objects, receiver)
        for field in ("valid", "address", "kind", "packet", "sender", "payload", "control0"):
            if objects.get(f"{proc}.tx_{field}", {}).get("kind") != "sc_out":
                fail(f"pins view: {proc} has no output tx_{field}")
            same_wire(objects, f"{proc}.tx_{field}", f"ocpc.bus.in{i}_{field}")
        for field in ("valid", "collision", "kind", "packet", "source", "control1"):
            if objects.get(f"{receiver}.{field}", {}).get("kind") != "sc_out":
                fail(f"pins view: {receiver} has no output {field}")
            same_wire(objects, f"{receiver}.{field}", f"{proc}.rx_{field}")


def check_mob_pins(objects, p):
    for k in range(p):
        module_with_clock(objects, f"mob.row_bus{k}")
        module_with_clock(objects, f"mob.col_bus{k}")
    for r in range(p):
        for c in range(p):
            proc, receiver = f"mob.row{r}.proc{c}", f"mob.row{r}.receiver{c}"
            node_with_receiver(objects, proc, receiver)
            for field in ("valid", "address", "packet", "control1"):
                same_wire(objects, f"{proc}.tx0_{field}", f"mob.row_bus{r}.in{c}_{field}")
                same_wire(objects, f"{proc}.tx1_{field}", f"mob.col_bus{c}.in{r}_{field}")


SF_FIELDS = ("valid", "kind", "packet", "source", "destination", "payload", "handle")


def check_sf_pins(objects, network):
    nodes = [n for n, o in objects.items()
             if o["kind"] == "sc_module" and n.count(".") == 1 and n.startswith(network + ".node")]
    links = [n for n, o in objects.items()
             if o["kind"] == "sc_module" and n.count(".") == 2 and ".link_" in n]
    if not nodes or len(links) < len(nodes):
        fail(f"{network} pins view: {len(nodes)} node and {len(links)} link modules")
    readers = {}  # wire -> the node input ports that read it
    for name, o in objects.items():
        if o["kind"] == "sc_in" and name.rsplit(".", 1)[0] in nodes and \
                name.rsplit(".", 1)[1].startswith("in"):
            readers.setdefault(o["bound_to"], []).append(name)
    for node in nodes:
        module_with_clock(objects, node)
    for link in links:
        module_with_clock(objects, link)
        node, label = link.rsplit(".link_", 1)
        for field in SF_FIELDS:
            same_wire(objects, f"{node}.out_{label}_{field}", f"{link}.src_{field}")
        same_wire(objects, f"{node}.out_{label}_ready", f"{link}.src_ready")
        wire = objects.get(f"{link}.dst_valid", {}).get("bound_to")
        ins = readers.get(wire, [])
        if len(ins) != 1:
            fail(f"{network} pins view: {link}'s dst_valid ({wire}) is read by {ins}")
        far_input = ins[0][:-len("_valid")]
        for field in SF_FIELDS:
            same_wire(objects, f"{link}.dst_{field}", f"{far_input}_{field}")
        same_wire(objects, f"{link}.dst_ready", f"{far_input}_ready")
    inputs = [n for n in objects if n.endswith("_valid") and objects[n]["kind"] == "sc_in"
              and n.rsplit(".", 1)[0] in nodes]
    if len(inputs) != len(links):
        fail(f"{network} pins view: {len(inputs)} node inputs for {len(links)} links")


def check_pops_pins(objects, d, g):
    for a in range(g):
        for k in range(d):
            proc = f"pops.group{a}.proc{k}"
            module_with_clock(objects, proc)
            for b in range(g):
                line = objects.get(f"{proc}.tx_valid_{b}", {}).get("bound_to")
                coupler_input = objects.get(f"pops.group{b}.coupler_b{b}_a{a}.in{k}_valid", {})
                if line is None or coupler_input.get("bound_to") != line:
                    fail(f"pins view: {proc}.tx_valid_{b} drives {line!r}, but c({b},{a})'s "
                         f"input {k} reads {coupler_input.get('bound_to')!r}")
            for field in ("kind", "packet", "source", "destination", "payload"):
                if objects.get(f"{proc}.tx_frame_{field}", {}).get("kind") != "sc_out":
                    fail(f"pins view: {proc} has no output tx_frame_{field}")
        for b in range(g):
            coupler = f"pops.group{b}.coupler_b{b}_a{a}"
            module_with_clock(objects, coupler)
            for port in ("busy", "collision", "valid", "frame_packet"):
                if objects.get(f"{coupler}.{port}", {}).get("kind") != "sc_out":
                    fail(f"pins view: {coupler} has no output {port}")
            wire = objects[f"{coupler}.valid"]["bound_to"]
            for k in range(d):
                rx = objects.get(f"pops.group{b}.proc{k}.rx{a}_valid", {}).get("bound_to")
                if rx != wire:
                    fail(f"pins view: pops.group{b}.proc{k}.rx{a}_valid reads {rx!r}, not {wire}")


def check_mesh_pins(objects, n):
    steps = {"E": (1, 0), "W": (-1, 0), "N": (0, 1), "S": (0, -1)}
    for x in range(n):
        for y in range(n):
            proc, router = f"mesh.node_x{x}_y{y}", f"mesh.links.router_x{x}_y{y}"
            module_with_clock(objects, proc)
            module_with_clock(objects, router)
            for lane in ("E", "W", "N", "S", "L"):
                for field in ("valid", "source", "destination", "word0", "id", "priority"):
                    if objects.get(f"{proc}.offer_{lane}_{field}", {}).get("kind") != "sc_out":
                        fail(f"pins view: {proc} has no output offer_{lane}_{field}")
                    same_wire(objects, f"{proc}.offer_{lane}_{field}",
                              f"{router}.offer_{lane}_{field}")
                    same_wire(objects, f"{router}.eject_{lane}_{field}",
                              f"{proc}.eject_{lane}_{field}")
                same_wire(objects, f"{router}.take_{lane}", f"{proc}.take_{lane}")
            for d, (dx, dy) in steps.items():
                fx, fy = x + dx, y + dy
                if not (0 <= fx < n and 0 <= fy < n):
                    if f"{router}.out_{d}_valid" in objects:
                        fail(f"pins view: {router} has an output {d} off the mesh")
                    continue
                link, far = f"mesh.links.link_x{x}_y{y}_{d}", f"mesh.links.router_x{fx}_y{fy}"
                module_with_clock(objects, link)
                for field in ("valid", "source", "destination", "kind", "word3", "check"):
                    same_wire(objects, f"{router}.out_{d}_{field}", f"{link}.in_{field}")
                    same_wire(objects, f"{link}.out_{field}", f"{far}.in_{d}_{field}")
                same_wire(objects, f"{far}.in_{d}_occupancy", f"{link}.far_occupancy")
                same_wire(objects, f"{link}.occupancy", f"{router}.out_{d}_occupancy")


def check_dmob_pins(objects, k, dim):
    for i in range(k ** dim):
        x = [i // k ** j % k for j in range(dim)]
        scope = "dmob." + "".join(f"x{j}_{x[j]}." for j in range(dim - 1, 0, -1))
        proc, receiver = f"{scope}proc{x[0]}", f"{scope}receiver{x[0]}"
        node_with_receiver(objects, proc, receiver)
        for j in range(dim):
            line = i % k ** j + i // k ** (j + 1) * k ** j
            bus = f"dmob.bus_d{j}_{line}"
            module_with_clock(objects, bus)
            for field in ("valid", "address", "packet", "control1"):
                same_wire(objects, f"{proc}.tx{j}_{field}", f"{bus}.in{x[j]}_{field}")


def check_splithash_pins(objects, k, depth):
    n = k ** depth
    inputs = {}  # the wire each bus input's valid reads -> (bus, input)
    for name, o in objects.items():
        m = re.fullmatch(r"(splithash\.(sinks|funnel\d+)\.g\d+_bus\d*)\.in(\d+)_valid", name)
        if m:
            inputs[o["bound_to"]] = (m.group(1), int(m.group(3)))
            module_with_clock(objects, m.group(1))
    read = 0
    for level in range(depth + 1):
        for x in range(n):
            proc, receiver = f"splithash.level{level}.node{x}", f"splithash.level{level}.receiver{x}"
            node_with_receiver(objects, proc, receiver)
            ports = [p for p in objects if re.fullmatch(re.escape(proc) + r"\.tx\d*_valid", p)]
            if not ports:
                fail(f"pins view: {proc} has no transmitter")
            for port in ports:
                bus, lane = inputs.get(objects[port]["bound_to"], (None, None))
                if bus is None:
                    fail(f"pins view: no bus input reads {port}")
                read += 1
                for field in ("address", "packet", "sender", "control0"):
                    same_wire(objects, port[:-len("valid")] + field, f"{bus}.in{lane}_{field}")
                group = int(re.search(r"\.g(\d+)_bus", bus).group(1))
                if ".sinks." in bus:
                    expected = (0, group * k + lane) if lane < k else (1, group * k + lane - k)
                    if (level, x) != expected:
                        fail(f"pins view: {bus}.in{lane} reads {proc}, expected {expected}")
                    continue
                i = int(re.search(r"funnel(\d+)", bus).group(1))
                bottom = int(re.search(r"_bus(\d+)$", bus).group(1))
                first = group * k ** (i + 1)
                if lane < k and (level, x) != (i, first + lane * k ** i + bottom):
                    fail(f"pins view: {bus}.in{lane} reads {proc}, not child {lane}'s bottom node")
                if lane >= k and (level != i + 1 or x // k ** (i + 1) != group):
                    fail(f"pins view: {bus}.in{lane} reads {proc}, not a top node of group {group}")
    if read != len(inputs):
        fail(f"pins view: {len(inputs)} bus inputs, but {read} transmitters read")


for i, command in enumerate(FAMILIES):
    objects = hierarchy(command, f"{command.split()[0]}_{i}")
    if command == "pops --d 4 --g 4":
        check_pops_pins(objects, 4, 4)
    if command == "ocpc --p 16":
        check_ocpc_pins(objects, 16)
    if command == "mob --p 4":
        check_mob_pins(objects, 4)
    if command == "dmob --k 3 --dim 3":
        check_dmob_pins(objects, 3, 3)
    if command == "splithash --k 8 --depth 2":
        check_splithash_pins(objects, 8, 2)
    if command == "mesh --n 4 --levels 2":
        check_mesh_pins(objects, 4)
    if command.endswith("--view grouped") and any(
            p in objects for p in ("pops.group0.proc0.clk", "ocpc.proc0.clk", "mob.row0.proc0.clk",
                                   "mesh.node_x0_y0.clk", "dmob.x2_0.x1_0.proc0.clk",
                                   "splithash.level0.node0.clk")):
        fail("grouped view: a processor has a clock port")
print(f"ok: the hierarchy of {len(FAMILIES)} networks, every port bound; POPS(4,4)'s pins view "
      "wired processor to coupler to processor, the OCPC's and MOB-PC's processor to bus to "
      "receiver to processor (the D-MOB's and split&hash's too), the mesh's processor to router "
      "to link to router, the store-and-forward networks' node to link to node")

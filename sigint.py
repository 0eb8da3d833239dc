#!/usr/bin/env python3
# SIGINT (not ignored: started from python) to match mid-game, train mid-epoch; SIGSTOP/SIGCONT mid-search;
# SIGKILL of a parent holding the engine's pipes.
import subprocess, time, os, signal, select
J="/tmp/s45/damka.jar"; E="/tmp/s45/env/sig3"; os.makedirs(E,exist_ok=True)
def engines(): return subprocess.run(["pgrep","-f","^java -jar "+J+"$"],capture_output=True,text=True).stdout.split()
# match
for f in ("m.pdn","m.json"): 
    try: os.remove(f"{E}/{f}")
    except FileNotFoundError: pass
p=subprocess.Popen(["nice","java","-jar",J,"match","--engine",f"cmd=java -jar {J} name=a movetime=100","--engine",f"cmd=java -jar {J} name=b movetime=100","--variant","russian","--games","10","--pdn",E+"/m.pdn","--json",E+"/m.json"],stdout=subprocess.PIPE,stderr=subprocess.PIPE)
time.sleep(20); print("match: engines before", len(engines())); p.send_signal(signal.SIGINT); t=time.time(); out,err=p.communicate(timeout=30)
print(f"match SIGINT rc={p.returncode} in {time.time()-t:.1f}s; engines 1 s later:", (time.sleep(1), len(engines()))[1])
print("  stderr:", [l for l in err.decode().splitlines() if not l.startswith("Games")][-3:]); print("  pdn tail:", repr(open(E+"/m.pdn").read()[-120:]))
print("  pdn records:", open(E+"/m.pdn").read().count("[Event"), " json games:", [l for l in open(E+"/m.json") if '"games"' in l])
# train
try: os.remove(E+"/w.weights")
except FileNotFoundError: pass
p=subprocess.Popen(["nice","java","-jar",J,"train","--variant","russian","/tmp/s45/env/clean_sp.txt","--epochs","400","--out",E+"/w.weights"],stdout=subprocess.PIPE,stderr=subprocess.PIPE)
time.sleep(6); p.send_signal(signal.SIGINT); out,err=p.communicate(timeout=30)
print(f"train SIGINT rc={p.returncode}; files:", os.listdir(E), "stderr tail:", err.decode().splitlines()[-2:])
# SIGSTOP/SIGCONT
p=subprocess.Popen(["nice","java","-jar",J],stdin=subprocess.PIPE,stdout=subprocess.PIPE,bufsize=0)
p.stdin.write(b"isready\n"); time.sleep(3); p.stdin.write(b"position startpos\ngo movetime 2000\n"); t=time.time(); time.sleep(0.5)
p.send_signal(signal.SIGSTOP); time.sleep(4); p.send_signal(signal.SIGCONT)
buf=b""
while b"bestmove" not in buf and time.time()-t<20:
    r,_,_=select.select([p.stdout],[],[],0.05)
    if r: buf+=os.read(p.stdout.fileno(),65536)
print(f"SIGSTOP 4 s mid 'go movetime 2000': bestmove {time.time()-t:.2f}s after go ({b'bestmove' in buf})")
p.stdin.write(b"isready\n"); time.sleep(0.5); print("  then isready ->", b"readyok" in os.read(p.stdout.fileno(),65536)); p.stdin.close(); p.wait(5)
# parent SIGKILL: a shell parent holding both pipes, engine in go infinite
sh=subprocess.Popen(["sh","-c",f"mkfifo {E}/pf 2>/dev/null; (printf 'position startpos\\ngo infinite\\n'; sleep 100) | nice java -jar {J} > {E}/pf.out & echo $! > {E}/pid; wait"],start_new_session=True)
time.sleep(3); os.killpg(sh.pid, signal.SIGKILL); t=time.time()
pid=subprocess.run(["pgrep","-f","^java -jar "+J+"$"],capture_output=True,text=True).stdout.split()
print("after killing the whole parent group, engines left:", pid)

# TLM-2.0 network interfaces and the example virtual platform (issue 6).

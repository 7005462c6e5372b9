"""The English stop-word list of :meth:`rougebleu.matlab.TokenizedDocument.remove_stop_words`.

Written for this project (not MATLAB's list): function words of English — articles,
pronouns and their forms, auxiliary and modal verbs, prepositions, conjunctions, common
adverbs and determiners, and the usual contractions (with a straight apostrophe; a curly one
is matched too). All lowercase; matching ignores case by default.
"""

from __future__ import annotations

_WORDS = """
a about above across after afterwards again against all almost alone along already also
although always am among amongst an and another any anyhow anyone anything anyway anywhere
are around as at be became because become becomes becoming been before beforehand behind
being below beside besides between beyond both but by can cannot could did do does doing
done down during each either else elsewhere enough etc even ever every everyone everything
everywhere except few for from further had has have having he hence her here hereafter
hereby herein hers herself him himself his how however i if in indeed into is it its itself
just least less many may me meanwhile might mine more moreover most mostly much must my
myself namely neither never nevertheless next no nobody none noone nor not nothing now
nowhere of off often on once one only onto or other others otherwise our ours ourselves out
over own per perhaps rather same several she should since so some somehow someone something
sometime sometimes somewhere still such than that the their theirs them themselves then
thence there thereafter thereby therefore therein thereupon these they this those though
through throughout thru thus to together too toward towards under until up upon us very via
was we well were what whatever when whence whenever where whereafter whereas whereby wherein
whereupon wherever whether which while whither who whoever whole whom whose why will with
within without would yet you your yours yourself yourselves
ain't aren't can't couldn't didn't doesn't don't hadn't hasn't haven't he'd he'll he's i'd
i'll i'm i've isn't it'd it'll it's let's mightn't mustn't needn't shan't she'd she'll
she's shouldn't that's there's they'd they'll they're they've wasn't we'd we'll we're we've
weren't what's where's who's won't wouldn't you'd you'll you're you've
"""

STOP_WORDS: frozenset[str] = frozenset(_WORDS.split())

from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

"from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

"from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

"from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

cfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

hfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

.from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ffrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ufrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

cfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

sfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

:from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

hfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

hfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ffrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

lfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

yfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

(from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

hfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Vfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

bfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

lfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

pfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

sfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

,from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

lfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

wfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

sfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ffrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ufrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

cfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

sfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

,from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

dfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ufrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

cfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

sfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

,from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

pfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

dfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ufrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

cfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

sfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

)from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

.from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA


from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA


from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

hfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

lfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

wfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

sfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ffrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ufrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

cfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

sfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

gfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

hfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

dfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

bfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

yfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

_from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

lfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

wfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

sfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

.from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

pfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

yfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

dfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

hfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

dfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ufrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

cfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

sfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

/from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

pfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

dfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ufrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

cfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

sfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

bfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

yfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

_from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

dfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ufrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

cfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

.from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

pfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

yfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

;from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

cfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

hfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA


from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

lfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

sfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

sfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

sfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

pfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ufrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

bfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

lfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

cfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

sfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

`from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

_from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

_from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

lfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

lfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

_from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

_from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

`from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

dfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

sfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

vfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

lfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

yfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ufrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

gfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

sfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

`from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Vfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

`from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

.from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA


from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

"from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

"from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

"from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA


from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA


from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ffrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

cfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

hfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

.from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ffrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ufrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

cfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

sfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

.from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

hfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

.from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

bfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

sfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

cfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

_from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

hfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

pfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

dfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

dfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

#from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Qfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA


from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ffrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

cfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

hfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

.from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ffrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ufrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

cfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

sfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

.from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

hfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

.from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

dfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

yfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

pfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

dfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

yfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

#from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Qfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA


from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ffrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

cfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

hfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

.from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ffrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ufrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

cfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

sfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

.from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

hfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

.from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

sfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ufrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

_from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

pfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

sfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ufrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

_from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

#from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Qfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA


from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA


from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

yfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

:from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

#from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Dfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

(from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

#from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

1from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

4from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

)from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

:from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ufrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

gfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ufrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

dfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

wfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

hfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

bfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

hfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

gfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

gfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

gfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

sfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

lfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

dfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

(from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

hfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

lfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

pfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

sfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

pfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

gfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

sfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

sfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

)from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA


from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ffrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

cfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

hfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

.from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ffrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ufrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

cfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

sfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

.from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

hfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

pfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

_from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

lfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

wfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

sfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA


from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ffrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

cfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

hfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

.from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ffrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ufrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

cfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

sfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

.from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

hfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

.from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

_from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

lfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

wfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

sfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

pfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

*from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

#from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Qfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA


from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

xfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

cfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

pfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

pfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

:from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA


from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

_from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

lfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

wfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

sfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

=from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA


from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

yfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

:from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA


from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ffrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

cfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

hfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

.from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ffrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ufrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

cfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

sfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

.from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

hfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

pfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

_from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

dfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ufrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

cfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA


from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ffrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

cfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

hfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

.from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ffrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ufrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

cfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

sfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

.from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

hfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

.from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

_from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

dfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ufrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

cfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

pfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

*from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

#from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Qfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA


from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

xfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

cfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

pfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

pfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

:from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA


from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

_from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

dfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ufrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

cfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

=from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA


from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA


from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

_from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

_from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

lfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

lfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

_from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

_from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

=from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

[from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

'from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

dfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

dfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

'from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

,from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

'from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

dfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

yfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

'from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

,from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

'from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

sfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ufrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

_from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

'from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

]from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

+from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

[from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA


from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ffrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

dfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ufrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

lfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

(from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

_from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

lfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

wfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

sfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

,from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

_from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

dfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ufrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

cfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

)from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ffrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

dfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ufrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

lfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

sfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ffrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

dfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ufrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

lfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

.from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

_from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

_from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

lfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

lfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

_from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

_from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

]from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA


from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Vfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

=from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ffrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

zfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

sfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

(from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

{from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

'from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

dfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

dfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

'from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

,from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

'from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

dfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

yfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

'from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

,from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

'from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

sfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ufrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

_from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

'from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

}from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

)from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

.from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ufrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

(from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA


from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

*from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

[from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

dfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ufrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

lfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

.from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Afrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Vfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ffrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

dfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ufrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

lfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

(from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

_from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

lfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

wfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

sfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

,from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

_from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

rfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

dfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ufrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

cfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

)from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ffrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

mfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

dfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ufrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

lfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ifrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

sfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

tfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

 from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

Nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

ofrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

nfrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

efrom chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

]from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA

)from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA


from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA


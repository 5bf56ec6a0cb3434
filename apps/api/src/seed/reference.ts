import type { UsTimeZone } from '@campwise/contract/time-zones';
import type { UsStateCode } from '@campwise/contract/us-states';
import type { Subject } from './art-subjects.ts';

/**
 * The fixed reference data the demo is generated from: real metro areas, cities and ZIPs
 * (every ZIP is in the ZIP-centroid data set, so radius search finds them), and the kinds of
 * camps an organisation runs. Phone numbers use the 555-01xx range kept for fiction.
 */

export interface Place {
  city: string;
  zip: string;
}

export interface Metro {
  key: string;
  state: UsStateCode;
  /** The zone its organisations' camps run on. */
  timeZone: UsTimeZone;
  areaCode: string;
  places: Place[];
  streets: string[];
  host: { firstName: string; lastName: string };
  orgs: { name: string; theme: ThemeKey }[];
}

export type ThemeKey =
  | 'nature'
  | 'adventure'
  | 'overnight'
  | 'dayCamp'
  | 'coding'
  | 'robotics'
  | 'science'
  | 'arts'
  | 'music'
  | 'theater'
  | 'dance'
  | 'soccer'
  | 'basketball'
  | 'swimming'
  | 'tennis'
  | 'horse'
  | 'chess'
  | 'cooking'
  | 'film'
  | 'gymnastics'
  | 'martialArts'
  | 'languages'
  | 'leadership'
  | 'specialNeeds';

export interface Theme {
  /** Every camp of the theme has the first; the others are added to some. */
  categories: [number, ...number[]];
  extras: number[];
  /** What its pictures show when a camp's name does not say (see artwork.ts), best first. */
  subjects: Subject[];
  ages: [min: number, max: number];
  camps: string[];
  /** What the children do, one sentence each; a description uses two. */
  activities: string[];
  /** Names of weekly programmes that run all year (After School / Year Round), if the theme has them. */
  yearRound: string[];
  /** Names of online programmes (Virtual), if the theme has them. */
  online: string[];
  /** Sleep-away weeks rather than day camps. */
  overnight?: boolean;
}

export const THEMES: Record<ThemeKey, Theme> = {
  nature: {
    categories: [16, 21],
    extras: [15, 17],
    subjects: ['pines', 'butterfly', 'binoculars', 'tent'],
    ages: [5, 12],
    camps: [
      'Creek Explorers',
      'Junior Naturalists',
      'Trail Blazers Week',
      'Bugs, Birds & Blossoms',
      'Pond Life Detectives',
      'Wilderness Skills Camp',
      'Forest Fort Builders',
      'Night Sky Watchers',
    ],
    activities: [
      'Campers hike shaded trails, turn over logs to meet salamanders and keep a field journal of everything they find.',
      'Each day ends with a nature game and a story circle under the big oak.',
      'We wade the creek with nets and magnifiers, learn to read animal tracks and build a shelter from fallen branches.',
      'Kids plant a pollinator bed, tap into bird calls with our naturalists and learn to leave no trace.',
    ],
    yearRound: ['Saturday Nature Club', 'After-School Trail Club'],
    online: [],
  },
  adventure: {
    categories: [17, 16],
    extras: [23, 25],
    subjects: ['mountain', 'canoe', 'tent'],
    ages: [9, 16],
    camps: [
      'Peak Seekers',
      'Climb & Paddle Week',
      'Backcountry Basics',
      'Rope Course Challenge',
      'Canyon Scramblers',
      'Summit Teens Expedition',
      'Map & Compass Quest',
    ],
    activities: [
      'Campers learn to tie in, belay and climb on our outdoor wall before a day trip to real rock.',
      'We paddle the reservoir in sit-on-top kayaks and finish with a swim and a picnic on the shore.',
      'Teams navigate with map and compass, cook a camp-stove lunch and practise wilderness first aid.',
      'Guides with wilderness first-aid training lead every outing, with one adult for every six campers.',
    ],
    yearRound: ['Weekend Climbing Club'],
    online: [],
  },
  overnight: {
    categories: [23, 16, 17],
    extras: [9, 25],
    subjects: ['tent', 'campfire', 'canoe', 'moon'],
    ages: [8, 15],
    camps: [
      'Northwoods Week',
      'Lakeside Cabins Session',
      'First-Timers Mini Camp',
      'Voyageur Canoe Trip',
      'Pine Ridge Overnight',
      'Counselor-in-Training Session',
    ],
    activities: [
      'Cabins of eight sleep under the pines, with swimming, archery, canoeing and crafts every day.',
      'Evenings bring campfires, skits and stargazing on the dock before lights out.',
      'Our counselors are trained in first aid and lifeguarding, and a nurse lives on site all session.',
      'Parents get a photo update every evening and campers write home twice a week.',
    ],
    yearRound: [],
    online: [],
    overnight: true,
  },
  dayCamp: {
    categories: [21, 6],
    extras: [2, 9],
    subjects: ['balloons', 'kite', 'sun', 'soccer'],
    ages: [5, 11],
    camps: [
      'Summer Fun Days',
      'Classic Day Camp',
      'Water Games Week',
      'Olympics Week',
      'Superhero Week',
      'Around the World Week',
      'Carnival Week',
      'Mini Campers',
    ],
    activities: [
      'Every day mixes games on the field, a craft project, water play and a quiet reading hour.',
      'Campers are grouped by age with two counselors per group and a daily snack included.',
      'Friday ends with a family showcase and a popsicle party on the lawn.',
      'Themed days (pajama day, crazy hat day, backwards day) keep the week full of surprises.',
    ],
    yearRound: ['After-School Club', 'Teacher Workday Camp'],
    online: [],
  },
  coding: {
    categories: [13, 12],
    extras: [14, 18],
    subjects: ['laptop', 'robot'],
    ages: [8, 15],
    camps: [
      'Game Design with Scratch',
      'Python for Beginners',
      'Build Your First Website',
      'Minecraft Modding',
      'App Inventors',
      'JavaScript Game Lab',
      'Intro to AI & Data',
    ],
    activities: [
      'Campers build a playable game step by step and share it with their families on the last day.',
      'Small groups of eight work with an instructor who codes for a living, at their own pace.',
      'We cover loops, variables and debugging through puzzles, then put them to work in a project.',
      'Laptops are provided; campers leave with their projects and a guide to keep going at home.',
    ],
    yearRound: ['After-School Coding Club'],
    online: ['Online Python Club', 'Virtual Game Jam', 'Live Online Web Design'],
  },
  robotics: {
    categories: [14, 12],
    extras: [13, 15],
    subjects: ['robot', 'drone', 'laptop'],
    ages: [7, 14],
    camps: [
      'LEGO Robotics',
      'Battle Bots Junior',
      'Drone Pilots',
      'Circuit Builders',
      'Robot Olympics',
      'Maker Space Inventors',
      'Rover Engineering',
    ],
    activities: [
      'Teams design, build and program robots that race, sort blocks and climb ramps.',
      'Campers solder their first circuit, wire up sensors and make lights blink on command.',
      'The week ends with a friendly competition where every robot gets a turn in the arena.',
      'All kits and tools are provided, with safety glasses for everyone at the build tables.',
    ],
    yearRound: ['Robotics League Team'],
    online: ['Virtual Circuits Lab'],
  },
  science: {
    categories: [15, 12],
    extras: [16, 18],
    subjects: ['flask', 'rocket', 'magnifier', 'planet'],
    ages: [6, 13],
    camps: [
      'Mad Scientists Lab',
      'Junior Chemists',
      'Rockets & Space',
      'Marine Biology Week',
      'Slime, Goo & Gadgets',
      'Dino Dig',
      'Kitchen Chemistry',
      'Weather Watchers',
    ],
    activities: [
      'Every morning starts with an experiment: erupting volcanoes, crystal gardens or bottle rockets.',
      'Campers wear real lab coats, record results in a notebook and present findings on Friday.',
      'Our instructors are science teachers who make the why behind each fizz and bang make sense.',
      'Outdoor afternoons test ideas in the field, from water samples to launch-pad countdowns.',
    ],
    yearRound: ['Saturday Science Club'],
    online: ['Online Science Experiments'],
  },
  arts: {
    categories: [2],
    extras: [21, 30],
    subjects: ['palette', 'easel', 'vase'],
    ages: [5, 12],
    camps: [
      'Young Painters Studio',
      'Clay & Pottery Camp',
      'Comic Book Creators',
      'Mixed Media Makers',
      'Art Around the World',
      'Printmaking Workshop',
      'Sculpture Garden Week',
    ],
    activities: [
      'Campers paint, sculpt and print with professional materials in our sunlit studio.',
      'Each week explores a different artist, from Frida Kahlo to Jean-Michel Basquiat.',
      'We finish with a gallery opening where families walk the show and hear from the artists.',
      'Smocks are provided, but send clothes that can get a little messy.',
    ],
    yearRound: ['After-School Art Studio'],
    online: ['Online Drawing Class'],
  },
  music: {
    categories: [3],
    extras: [5, 18],
    subjects: ['notes', 'guitar', 'drum', 'microphone'],
    ages: [6, 15],
    camps: [
      'Rock Band Camp',
      'Young Songwriters',
      'Guitar Starter Week',
      'Drum Circle Camp',
      'Jazz Ensemble Intensive',
      'Ukulele Jam',
      'Choir & Harmony Camp',
    ],
    activities: [
      'Campers form bands, pick a song, rehearse every day and play a real show on Friday afternoon.',
      'No experience needed: we have instruments to borrow and coaches for every level.',
      'Songwriting sessions turn ideas into lyrics and melodies that each camper records.',
      'Theory games and rhythm drills make reading music feel like play.',
    ],
    yearRound: ['Weekly Group Guitar', 'After-School Music Club'],
    online: ['Online Piano Basics'],
  },
  theater: {
    categories: [5],
    extras: [4, 3],
    subjects: ['masks', 'microphone'],
    ages: [7, 16],
    camps: [
      'Musical Theater Intensive',
      'Improv & Comedy Camp',
      'Shakespeare for Kids',
      'Stage Combat & Stunts',
      'Junior Broadway',
      'Costume & Set Design',
      'Storybook Players',
    ],
    activities: [
      'Campers audition, rehearse and perform a full show for families on the last day.',
      'Improv games build confidence, quick thinking and the habit of saying "yes, and".',
      'Behind the scenes, campers design sets, sew costumes and run the lights.',
      'Every camper gets a speaking part and a moment in the spotlight.',
    ],
    yearRound: ['Youth Theater Company'],
    online: [],
  },
  dance: {
    categories: [4],
    extras: [28, 5],
    subjects: ['dancer', 'notes'],
    ages: [4, 14],
    camps: [
      'Hip Hop Summer',
      'Ballet Basics',
      'Jazz & Tap Week',
      'Dance Around the World',
      'Princess Ballet Camp',
      'Breakdance Bootcamp',
      'Contemporary Dance Lab',
    ],
    activities: [
      'Campers learn a new routine every day and put it all together for a Friday recital.',
      'Classes mix technique, stretching and freestyle time in our sprung-floor studios.',
      'Choreographers teach styles from ballet to breaking, and campers create a piece of their own.',
      'Comfortable clothes and bare feet or dance shoes are all you need.',
    ],
    yearRound: ['After-School Dance Club'],
    online: [],
  },
  soccer: {
    categories: [7, 6],
    extras: [21],
    subjects: ['soccer', 'trophy'],
    ages: [5, 14],
    camps: [
      'Little Kickers',
      'Soccer Skills Week',
      'Goalkeeper Academy',
      'World Cup Week',
      'Elite Striker Clinic',
      'Half-Day Soccer Fun',
      'Girls Soccer Camp',
    ],
    activities: [
      'Mornings cover dribbling, passing and shooting drills; afternoons are small-sided games.',
      'Licensed coaches split campers by age and level so everyone plays a lot of soccer.',
      'Bring shin guards, cleats and a water bottle; every camper gets a ball and a shirt.',
      'Friday is World Cup day, with teams, flags and a medal ceremony.',
    ],
    yearRound: ['Saturday Skills Academy'],
    online: [],
  },
  basketball: {
    categories: [8, 6],
    extras: [25],
    subjects: ['basketball', 'trophy'],
    ages: [7, 16],
    camps: [
      'Hoops Fundamentals',
      'Shooting Clinic',
      'Point Guard School',
      'Summer League',
      'Junior Hoopers',
      'Girls Basketball Camp',
    ],
    activities: [
      'Campers work on footwork, ball handling and shooting form with our coaching staff.',
      'Daily scrimmages teach spacing, defense and how to be a great teammate.',
      'Every session ends with free-throw challenges and a camp-wide tournament.',
      'Games are played indoors in our air-conditioned gym.',
    ],
    yearRound: ['Year-Round Skills Training'],
    online: [],
  },
  swimming: {
    categories: [9, 6],
    extras: [16],
    subjects: ['swimRing', 'canoe'],
    ages: [4, 14],
    camps: [
      'Learn to Swim Week',
      'Stroke Clinic',
      'Junior Lifeguards',
      'Water Safety Camp',
      'Swim & Splash Camp',
      'Snorkel Explorers',
      'Swim Team Prep',
    ],
    activities: [
      'Lessons happen in small groups with certified instructors, grouped by swimming level.',
      'Campers build water confidence, practise floating and learn each stroke step by step.',
      'Afternoons bring pool games, diving for rings and relay races.',
      'Lifeguards are on duty at all times and every camper is checked in and out of the water.',
    ],
    yearRound: ['Year-Round Swim Lessons'],
    online: [],
  },
  tennis: {
    categories: [10, 6],
    extras: [21],
    subjects: ['tennis', 'trophy'],
    ages: [6, 16],
    camps: [
      'Red Ball Tennis',
      'Junior Tennis Camp',
      'Tournament Prep Week',
      'Tennis & Swim Combo',
      'Serve & Volley Clinic',
      'Pickleball & Tennis Week',
    ],
    activities: [
      'Campers rotate through stations for groundstrokes, volleys and serves on our courts.',
      'Age-sized balls and rackets help the youngest players rally from the first day.',
      'Match play in the afternoon teaches scoring, strategy and sportsmanship.',
      'Rackets are available to borrow; bring sneakers, a hat and sunscreen.',
    ],
    yearRound: ['After-School Tennis'],
    online: [],
  },
  horse: {
    categories: [11, 16],
    extras: [23],
    subjects: ['horseshoe', 'barn'],
    ages: [7, 16],
    camps: [
      'Barn Buddies',
      'Beginner Riders Week',
      'Trail Riding Adventure',
      'Horse Care Camp',
      'Jumping Clinic',
      'Ranch Hand Week',
    ],
    activities: [
      'Each camper is matched with a gentle lesson horse to groom, tack up and ride every day.',
      'Riding lessons in the arena build balance and confidence before a trail ride on Friday.',
      'Campers learn horse care, from feeding schedules to hoof picking and safe handling.',
      'Helmets are provided; long pants and closed-toe boots are required.',
    ],
    yearRound: ['Weekly Riding Lessons'],
    online: [],
  },
  chess: {
    categories: [27, 18],
    extras: [12],
    subjects: ['chess', 'trophy', 'books'],
    ages: [6, 15],
    camps: [
      'Chess Openings Camp',
      'Checkmate Champions',
      'Beginner Chess Week',
      'Tournament Chess Intensive',
      'Chess & Puzzles',
      'Knights & Bishops Camp',
    ],
    activities: [
      'Lessons cover openings, tactics and endgames, followed by supervised games.',
      'Campers play in a rated mini-tournament on the last day and get a trophy for taking part.',
      'Puzzle races and bughouse make the afternoons loud and fun.',
      'Coaches adjust to every level, from first moves to tournament players.',
    ],
    yearRound: ['Weekly Chess Club'],
    online: ['Online Chess Academy', 'Virtual Chess Tournament Week'],
  },
  cooking: {
    categories: [20],
    extras: [15, 2],
    subjects: ['pot', 'cupcake', 'pizza'],
    ages: [7, 14],
    camps: [
      'Junior Chefs',
      'Baking Bootcamp',
      'Farm to Table Week',
      'Around the World Kitchen',
      'Pasta & Pizza Camp',
      'Cupcake Wars',
    ],
    activities: [
      'Campers cook a full lunch each day and sit down to eat it together.',
      'Knife skills, measuring and kitchen safety come first, taught by professional chefs.',
      'Recipes are nut-free; let us know about any other allergies when you register.',
      'Everyone takes home a recipe booklet to cook the week again with family.',
    ],
    yearRound: ['After-School Cooking Club'],
    online: ['Online Family Cooking Class'],
  },
  film: {
    categories: [30],
    extras: [2, 13],
    subjects: ['clapper', 'camera'],
    ages: [9, 17],
    camps: [
      'Movie Makers',
      'Stop-Motion Animation',
      'Young Photographers',
      'YouTube Creators Lab',
      'Documentary Week',
      'Special Effects Studio',
    ],
    activities: [
      'Crews write, shoot and edit a short film that premieres on our big screen on Friday.',
      'Campers learn framing, lighting and sound with real cameras and editing software.',
      'Photo walks teach composition, and each camper curates a small exhibit.',
      'Families get a link to watch every film after the premiere.',
    ],
    yearRound: ['Teen Film Club'],
    online: ['Online Animation Studio'],
  },
  gymnastics: {
    categories: [28, 6],
    extras: [4],
    subjects: ['gymRings', 'trophy'],
    ages: [4, 13],
    camps: [
      'Tumbling Tots',
      'Gymnastics Fun Week',
      'Ninja Warrior Camp',
      'Cheer & Tumble',
      'Beam, Bars & Vault',
      'Trampoline Camp',
    ],
    activities: [
      'Campers rotate through beam, bars, vault, floor and trampoline with trained coaches.',
      'Obstacle courses and games build strength, balance and confidence.',
      'Every skill is spotted and taught in steps, from forward rolls to back handsprings.',
      'Parents are invited to a mini meet on the last day.',
    ],
    yearRound: ['Recreational Gymnastics'],
    online: [],
  },
  martialArts: {
    categories: [29, 6],
    extras: [25],
    subjects: ['belt', 'trophy'],
    ages: [5, 14],
    camps: [
      'Karate Kids Camp',
      'Taekwondo Summer',
      'Jiu-Jitsu Basics',
      'Little Dragons',
      'Self-Defense for Teens',
      'Black Belt Leadership Week',
    ],
    activities: [
      'Campers learn kicks, blocks and forms along with respect, focus and self-control.',
      'Partner drills and games teach safe technique with plenty of padding.',
      'Every camper tests for a stripe on the last day in front of family.',
      'Uniforms are provided for the week and are theirs to keep.',
    ],
    yearRound: ['After-School Martial Arts'],
    online: [],
  },
  languages: {
    categories: [19, 18],
    extras: [20],
    subjects: ['speech', 'globe', 'books'],
    ages: [5, 13],
    camps: [
      'Spanish Immersion Camp',
      'French Adventure Week',
      'Mandarin Explorers',
      'Japanese Culture Camp',
      'Italian Kitchen & Language',
      'Sign Language Basics',
    ],
    activities: [
      'Native-speaking teachers run the whole day in the new language, through songs and games.',
      'Campers cook, craft and celebrate festivals from the places where the language is spoken.',
      'No experience needed: groups are formed by age and level on the first morning.',
      'Families receive a word list and songs to keep practising at home.',
    ],
    yearRound: ['Saturday Language School'],
    online: ['Online Spanish Conversation', 'Virtual French Club'],
  },
  leadership: {
    categories: [25],
    extras: [17, 18],
    subjects: ['flag', 'podium'],
    ages: [11, 17],
    camps: [
      'Young Leaders Summit',
      'Public Speaking Camp',
      'Teen Entrepreneurs',
      'Service & Leadership Week',
      'Debate Camp',
      'Model UN Week',
    ],
    activities: [
      'Teens plan and run a community service project from pitch to finish.',
      'Workshops on public speaking and teamwork build up to a final presentation.',
      'Guest speakers from local businesses and nonprofits share how they got started.',
      'Campers leave with a portfolio and a letter of recommendation for their work.',
    ],
    yearRound: ['Teen Leadership Council'],
    online: ['Online Debate Club'],
  },
  specialNeeds: {
    categories: [24, 21],
    extras: [2, 9],
    subjects: ['balloons', 'sun', 'kite'],
    ages: [5, 17],
    camps: [
      'Adaptive Adventures',
      'Sensory-Friendly Day Camp',
      'Inclusive Sports Week',
      'Social Skills Camp',
      'Adaptive Swim & Splash',
      'Art for All',
    ],
    activities: [
      'Small groups with one staff member for every two campers, led by special-education teachers.',
      'Quiet spaces, visual schedules and sensory breaks are built into every day.',
      'Activities are adapted so every camper can join in, whatever their abilities.',
      'We meet each family before camp to learn what helps their child have a great week.',
    ],
    yearRound: ['Inclusive Saturday Club'],
    online: [],
  },
};

export const METROS: Metro[] = [
  {
    key: 'austin',
    state: 'TX',
    timeZone: 'America/Chicago',
    areaCode: '512',
    places: [
      { city: 'Austin', zip: '78701' },
      { city: 'Austin', zip: '78704' },
      { city: 'Austin', zip: '78745' },
      { city: 'Austin', zip: '78731' },
      { city: 'Round Rock', zip: '78664' },
      { city: 'Cedar Park', zip: '78613' },
      { city: 'Pflugerville', zip: '78660' },
    ],
    streets: ['South Lamar Blvd', 'East Cesar Chavez St', 'Barton Springs Rd', 'Burnet Rd', 'Manchaca Rd'],
    host: { firstName: 'Jordan', lastName: 'Rivera' },
    orgs: [
      { name: 'Barton Creek Outdoor School', theme: 'nature' },
      { name: 'Lone Star Young Coders', theme: 'coding' },
      { name: 'Eastside Arts Collective', theme: 'arts' },
      { name: 'Hill Country Riding Academy', theme: 'horse' },
      { name: 'Capital City Soccer Club', theme: 'soccer' },
    ],
  },
  {
    key: 'denver',
    state: 'CO',
    timeZone: 'America/Denver',
    areaCode: '303',
    places: [
      { city: 'Denver', zip: '80205' },
      { city: 'Denver', zip: '80210' },
      { city: 'Denver', zip: '80220' },
      { city: 'Boulder', zip: '80302' },
      { city: 'Lakewood', zip: '80226' },
      { city: 'Littleton', zip: '80120' },
      { city: 'Aurora', zip: '80012' },
    ],
    streets: ['East Colfax Ave', 'Tennyson St', 'South Pearl St', 'Federal Blvd', 'York St'],
    host: { firstName: 'Avery', lastName: 'Chen' },
    orgs: [
      { name: 'Front Range Adventure Co.', theme: 'adventure' },
      { name: 'Mile High Music Studio', theme: 'music' },
      { name: 'Cherry Creek Swim School', theme: 'swimming' },
      { name: 'Rocky Mountain Robotics Lab', theme: 'robotics' },
      { name: 'Highlands Youth Theater', theme: 'theater' },
    ],
  },
  {
    key: 'seattle',
    state: 'WA',
    timeZone: 'America/Los_Angeles',
    areaCode: '206',
    places: [
      { city: 'Seattle', zip: '98103' },
      { city: 'Seattle', zip: '98115' },
      { city: 'Seattle', zip: '98122' },
      { city: 'Bellevue', zip: '98004' },
      { city: 'Redmond', zip: '98052' },
      { city: 'Kirkland', zip: '98033' },
      { city: 'Shoreline', zip: '98133' },
    ],
    streets: ['Stone Way N', 'NE 65th St', 'Rainier Ave S', '15th Ave E', 'Greenwood Ave N'],
    host: { firstName: 'Priya', lastName: 'Natarajan' },
    orgs: [
      { name: 'Puget Sound Science Center', theme: 'science' },
      { name: 'Cascade Chess Academy', theme: 'chess' },
      { name: 'Rainier Valley Dance Project', theme: 'dance' },
      { name: 'Emerald City Film Camp', theme: 'film' },
      { name: 'Green Lake Day Camp', theme: 'dayCamp' },
    ],
  },
  {
    key: 'chicago',
    state: 'IL',
    timeZone: 'America/Chicago',
    areaCode: '312',
    places: [
      { city: 'Chicago', zip: '60614' },
      { city: 'Chicago', zip: '60625' },
      { city: 'Chicago', zip: '60657' },
      { city: 'Evanston', zip: '60201' },
      { city: 'Oak Park', zip: '60302' },
      { city: 'Naperville', zip: '60540' },
      { city: 'Skokie', zip: '60076' },
    ],
    streets: ['N Clark St', 'W Lawrence Ave', 'N Southport Ave', 'W Armitage Ave', 'N Lincoln Ave'],
    host: { firstName: 'Marcus', lastName: 'Johnson' },
    orgs: [
      { name: 'Windy City Hoops', theme: 'basketball' },
      { name: 'North Side Makers Studio', theme: 'robotics' },
      { name: 'Prairie Kitchen Kids', theme: 'cooking' },
      { name: 'Lincoln Square Young Actors', theme: 'theater' },
      { name: 'Lakefront Swim & Sail', theme: 'swimming' },
    ],
  },
  {
    key: 'atlanta',
    state: 'GA',
    timeZone: 'America/New_York',
    areaCode: '404',
    places: [
      { city: 'Atlanta', zip: '30306' },
      { city: 'Atlanta', zip: '30307' },
      { city: 'Atlanta', zip: '30318' },
      { city: 'Decatur', zip: '30030' },
      { city: 'Marietta', zip: '30060' },
      { city: 'Alpharetta', zip: '30009' },
      { city: 'Roswell', zip: '30075' },
    ],
    streets: ['Peachtree St NE', 'Ponce de Leon Ave', 'Edgewood Ave SE', 'Howell Mill Rd', 'N Highland Ave'],
    host: { firstName: 'Keisha', lastName: 'Williams' },
    orgs: [
      { name: 'Peachtree Tennis Center', theme: 'tennis' },
      { name: 'Chattahoochee Nature Explorers', theme: 'nature' },
      { name: 'Sweet Auburn Music Works', theme: 'music' },
      { name: 'Buckhead Gymnastics Academy', theme: 'gymnastics' },
      { name: 'Piedmont Park Day Camp', theme: 'dayCamp' },
    ],
  },
  {
    key: 'boston',
    state: 'MA',
    timeZone: 'America/New_York',
    areaCode: '617',
    places: [
      { city: 'Boston', zip: '02116' },
      { city: 'Jamaica Plain', zip: '02130' },
      { city: 'Cambridge', zip: '02138' },
      { city: 'Somerville', zip: '02144' },
      { city: 'Newton', zip: '02459' },
      { city: 'Brookline', zip: '02446' },
      { city: 'Quincy', zip: '02169' },
    ],
    streets: ['Boylston St', 'Centre St', 'Massachusetts Ave', 'Beacon St', 'Washington St'],
    host: { firstName: 'Liam', lastName: "O'Connor" },
    orgs: [
      { name: 'Charles River Discovery Camp', theme: 'science' },
      { name: 'Back Bay Language Studio', theme: 'languages' },
      { name: 'Fenway Young Leaders', theme: 'leadership' },
      { name: 'Harbor Islands Adventures', theme: 'adventure' },
      { name: 'Cambridge Code & Create', theme: 'coding' },
    ],
  },
  {
    key: 'sandiego',
    state: 'CA',
    timeZone: 'America/Los_Angeles',
    areaCode: '619',
    places: [
      { city: 'San Diego', zip: '92103' },
      { city: 'San Diego', zip: '92104' },
      { city: 'San Diego', zip: '92109' },
      { city: 'La Jolla', zip: '92037' },
      { city: 'Chula Vista', zip: '91910' },
      { city: 'Escondido', zip: '92025' },
      { city: 'Carlsbad', zip: '92008' },
    ],
    streets: ['University Ave', 'Adams Ave', 'Garnet Ave', 'El Cajon Blvd', 'India St'],
    host: { firstName: 'Sofia', lastName: 'Martinez' },
    orgs: [
      { name: 'Mission Bay Surf & Swim', theme: 'swimming' },
      { name: 'Balboa Park Art Studio', theme: 'arts' },
      { name: 'Coastal Martial Arts Dojo', theme: 'martialArts' },
      { name: 'La Jolla Tennis Kids', theme: 'tennis' },
      { name: 'Sunset Cliffs Cooking School', theme: 'cooking' },
    ],
  },
  {
    key: 'minneapolis',
    state: 'MN',
    timeZone: 'America/Chicago',
    areaCode: '612',
    places: [
      { city: 'Minneapolis', zip: '55405' },
      { city: 'Minneapolis', zip: '55408' },
      { city: 'Minneapolis', zip: '55418' },
      { city: 'Saint Paul', zip: '55105' },
      { city: 'Edina', zip: '55424' },
      { city: 'Bloomington', zip: '55420' },
      { city: 'Minnetonka', zip: '55305' },
    ],
    streets: ['Lyndale Ave S', 'Hennepin Ave', 'E Lake St', 'Central Ave NE', 'Grand Ave'],
    host: { firstName: 'Erik', lastName: 'Lindqvist' },
    orgs: [
      { name: 'Twin Cities Chess Club', theme: 'chess' },
      { name: 'Bright Paths Adaptive Camps', theme: 'specialNeeds' },
      { name: 'Northern Star Overnight Camp', theme: 'overnight' },
      { name: 'Minnehaha Soccer Academy', theme: 'soccer' },
      { name: 'Loring Park Language Lab', theme: 'languages' },
    ],
  },
];

/** The organisation the demo host has just submitted: it waits in the administrator's queue. */
export const PENDING_ORG = {
  name: 'Sunrise Kids Yoga Studio',
  bio: 'Mindful movement, breathing games and storytelling yoga for children aged 4 to 12, in a calm studio near Zilker Park.',
  theme: 'gymnastics',
} as const satisfies { name: string; bio: string; theme: ThemeKey };

export const FIRST_NAMES = [
  'Olivia',
  'Noah',
  'Emma',
  'Mateo',
  'Ava',
  'Elijah',
  'Mia',
  'Lucas',
  'Harper',
  'Ethan',
  'Amara',
  'Diego',
  'Grace',
  'Hiro',
  'Zoe',
  'Omar',
  'Nora',
  'Caleb',
  'Leah',
  'Andre',
];

export const LAST_NAMES = [
  'Garcia',
  'Nguyen',
  'Patel',
  'Brooks',
  'Kim',
  'Okafor',
  'Schmidt',
  'Reyes',
  'Cohen',
  'Hughes',
  'Ramirez',
  'Foster',
  'Tanaka',
  'Bennett',
  'Silva',
  'Murphy',
];

/** How an organisation describes itself; `{name}` and `{city}` are filled in. */
export const ORG_BIOS = [
  '{name} has welcomed kids in {city} since 2009. Our staff are background-checked, trained in first aid and love what they do.',
  'A family-run program in {city}. We keep groups small so every child is known by name, and we build each week around play.',
  '{name} is a nonprofit serving families across {city} and nearby, with scholarships for one camper in five.',
  'Founded by two teachers in {city}, {name} runs hands-on camps and year-round classes for curious kids.',
];

/** The closing lines of a description, by kind of camp. */
export const LOGISTICS = {
  dated: [
    'Drop-off from 8:30 am, pick-up by 3:30 pm; extended care until 6 pm is available.',
    'Camp runs 9 am to 3 pm. Bring a packed lunch, a water bottle and sunscreen.',
    'Half-day mornings, 9 am to noon, with a healthy snack included.',
  ],
  overnight: [
    'Check-in is Sunday afternoon and pick-up Saturday morning; a packing list is sent after registration.',
    'Bus service runs from the city on the first and last day of each session.',
  ],
  yearRound: [
    'Meets once a week during the school year and through the summer; join any time.',
    'Classes run every week of the year except holidays; the fee covers one month.',
  ],
  online: [
    'Live sessions over video, four afternoons a week; a link and materials list are e-mailed before the first class.',
    'Small live classes of up to ten on video, with recordings for anyone who misses a day.',
  ],
} as const;
